import { AdminSubpage } from '../../features/admin/components/admin-subpage';
import { PromoAdminPage } from '../../features/admin/components/promo/promo-admin-page';

/** /admin/promo (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage title="Promotional Assets" subtitle="Videos and images shown while scans run.">
      <PromoAdminPage />
    </AdminSubpage>
  );
}
