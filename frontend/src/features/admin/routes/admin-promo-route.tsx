import { AdminSubpage } from '../components/admin-subpage';

/** /admin/promo (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage title="Promotional Assets" subtitle="Manage Assets and Overview of the promo player." />
  );
}
