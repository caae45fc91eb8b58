import { AdminSubpage } from '../../features/admin/components/admin-subpage';
import { SecurityAdminPage } from '../../features/admin/components/security/security-admin-page';

/** /admin/security (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage
      title="API Security Dashboard"
      subtitle="API keys, rate limits, sessions, suspicious IPs and RPC providers."
    >
      <SecurityAdminPage />
    </AdminSubpage>
  );
}
