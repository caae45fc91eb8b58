import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/spinner';
import { useAdminVerification } from '../hooks/use-admin-verification';
import '../admin.css';

interface AdminSubpageProps {
  title: string;
  subtitle?: string;
  backTo?: { to: string; label: string };
  /** The screen itself: mounted only with a session, so it never calls the server without one. */
  children: ReactNode;
}

/** An admin screen: its heading, then its content, or the access notice without a session. */
export function AdminSubpage({
  title,
  subtitle,
  backTo = { to: '/admin', label: 'Back to Admin' },
  children,
}: AdminSubpageProps) {
  const access = useAdminVerification();

  return (
    <PageShell title={title} subtitle={subtitle} backTo={backTo}>
      {access === 'checking' ? (
        <Spinner label="Verifying session..." />
      ) : access === 'signed-in' ? (
        children
      ) : (
        <div className="card access-card" data-testid="admin-access-required">
          <h2>Admin Access Required</h2>
          <p className="muted">Sign in as an administrator to use this page.</p>
          <Link className="button button--primary" to="/admin">
            Go to Admin Login
          </Link>
        </div>
      )}
    </PageShell>
  );
}
