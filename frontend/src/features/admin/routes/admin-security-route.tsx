import { AdminSubpage } from '../components/admin-subpage';

/** /admin/security (SPEC §2). */
export function Component() {
  return (
    <AdminSubpage
      title="API Security Dashboard"
      subtitle="API keys, rate limits, sessions and suspicious IPs."
    />
  );
}
