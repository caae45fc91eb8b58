import { AdminSubpage } from '../components/admin-subpage';

/** /admin/cache (SPEC §2). */
export function Component() {
  return <AdminSubpage title="Cache Management" subtitle="Cache statistics and clearing." />;
}
