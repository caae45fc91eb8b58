import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/spinner';
import { logoutAdmin, logoutAdminEverywhere } from '../api/admin-auth';
import { useAdminVerification } from '../hooks/use-admin-verification';
import { useAdminSession } from '../stores/admin-session-store';
import { AdminLogin } from './admin-login';
import { WhitelistManager } from './whitelist/whitelist-manager';
import '../admin.css';

const SECTIONS = [
  {
    to: '/admin/collections',
    title: 'Collection Management',
    text: 'Review submissions and the voting process.',
  },
  { to: '/admin/promo', title: 'Promotional Assets', text: 'Videos and images shown while scans run.' },
  { to: '/admin/promo-bar', title: 'Promo Bar Settings', text: 'The banner above the featured collections.' },
  { to: '/admin/security', title: 'API Security', text: 'API keys, rate limits and suspicious IPs.' },
  { to: '/admin/cache', title: 'Cache Management', text: 'Cache statistics and clearing.' },
];

export function AdminDashboardRoute() {
  const access = useAdminVerification();
  const signOut = useAdminSession((state) => state.signOut);
  // The server ends the session first; the local flag goes whatever it answers (a failed call
  // leaves at worst a cookie that expires on its own).
  const logout = useMutation({ mutationFn: logoutAdmin, onSettled: signOut });
  // Every session on every device ends, this one included: back to the login form.
  const logoutEverywhere = useMutation({ mutationFn: logoutAdminEverywhere, onSettled: signOut });
  const leaving = logout.isPending || logoutEverywhere.isPending;

  if (access === 'checking') {
    return (
      <main className="page page--center">
        <Spinner label="Verifying session..." />
      </main>
    );
  }
  if (access === 'signed-out') {
    return (
      <main className="page page--center">
        <AdminLogin />
      </main>
    );
  }

  return (
    <PageShell
      title="Admin Dashboard"
      subtitle="Manage the Nexus explorer."
      backTo={{ to: '/', label: 'Back to Home' }}
    >
      <div className="admin-actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => logout.mutate()}
          disabled={leaving}
        >
          {logout.isPending ? 'Logging out...' : 'Log out'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => logoutEverywhere.mutate()}
          disabled={leaving}
          title="Ends every admin session, on every device and browser"
        >
          {logoutEverywhere.isPending ? 'Logging out everywhere...' : 'Log out everywhere'}
        </button>
      </div>
      <div className="admin-stack">
        <nav className="link-grid" aria-label="Admin sections">
          {SECTIONS.map((section) => (
            <Link key={section.to} to={section.to} className="stack link-card">
              <span className="link-card__title">{section.title}</span>
              <span className="link-card__text">{section.text}</span>
            </Link>
          ))}
        </nav>
        <WhitelistManager />
      </div>
    </PageShell>
  );
}
