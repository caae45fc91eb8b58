import { AdminSubpage } from '../../features/admin/components/admin-subpage';
import { CollectionsAdminPage } from '../../features/admin/components/collections/collections-admin-page';

/** /admin/collections (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage
      title="Collection Management"
      subtitle="Manage community collection submissions and voting process."
      backTo={{ to: '/', label: 'Back to Home' }}
    >
      <CollectionsAdminPage />
    </AdminSubpage>
  );
}
