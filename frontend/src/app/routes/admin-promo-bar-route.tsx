import { AdminSubpage } from '../../features/admin/components/admin-subpage';
import { PromoBarAdminPage } from '../../features/admin/components/promo-bar/promo-bar-admin-page';

/** /admin/promo-bar (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage
      title="Promo Bar Settings"
      subtitle="Manage the promotional banner that appears on the home page"
    >
      <PromoBarAdminPage />
    </AdminSubpage>
  );
}
