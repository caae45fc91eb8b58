import { AdminSubpage } from '../components/admin-subpage';

/** /admin/collections (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage
      title="Collection Management"
      subtitle="Manage community collection submissions and voting process."
      backTo={{ to: '/', label: 'Back to Home' }}
    />
  );
}
