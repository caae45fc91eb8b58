import { useMutation } from '@tanstack/react-query';
import { ADMIN_MESSAGES } from '@nexus/contract';
import { useState, type FormEvent } from 'react';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../components/toast/toast-store';
import { ApiRequestError, isApiStatus } from '../../../lib/api-client';
import { authenticateAdmin } from '../api/admin-auth';
import { useAdminSession } from '../stores/admin-session-store';

export function AdminLogin() {
  const [password, setPassword] = useState('');
  const signIn = useAdminSession((state) => state.signIn);
  const login = useMutation({
    mutationFn: authenticateAdmin,
    onSuccess: () => {
      signIn();
      setPassword('');
      toast({ title: 'Authentication successful', variant: 'success' });
    },
    onError: (error) => {
      if (isApiStatus(error, 401)) {
        toast({ title: ADMIN_MESSAGES.invalidPassword, variant: 'destructive' });
        return;
      }
      // 429 after repeated failures: the server says how long to wait.
      const description =
        error instanceof ApiRequestError && error.status === 429
          ? (error.serverMessage ?? undefined)
          : undefined;
      toast({ title: 'Authentication failed', description, variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || login.isPending) return;
    login.mutate(password);
  };

  return (
    <form className="card auth-card" onSubmit={onSubmit} data-testid="admin-login">
      <div className="auth-card__icon" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="4" y="10" width="16" height="11" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" />
        </svg>
      </div>
      <h1 className="page__title">Admin Authentication</h1>
      <p className="muted">Enter the administrator password to continue.</p>
      <label className="field">
        <span className="field__label">Password</span>
        <input
          className="text-field"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="admin-password"
        />
      </label>
      <button type="submit" className="button button--primary" disabled={!password || login.isPending}>
        {login.isPending ? <Spinner size="sm" label="Signing in..." /> : 'Sign In'}
      </button>
    </form>
  );
}
