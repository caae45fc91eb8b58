import { AdminSubpage } from '../../features/admin/components/admin-subpage';
import { CacheAdminPage } from '../../features/admin/components/cache/cache-admin-page';

/** /admin/cache (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage title="Cache Management" subtitle="Cache statistics and clearing.">
      <CacheAdminPage />
    </AdminSubpage>
  );
}
