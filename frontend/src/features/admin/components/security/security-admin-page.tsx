import {
  CONNECTION_REFUSALS,
  type ConnectionRefusal,
  type RateLimitStatus,
  type SecurityStatus,
} from '@nexus/contract';
import { Spinner } from '../../../../components/spinner';
import { ProgressBar } from '../../../../components/progress-bar';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { formatCount } from '../../../../lib/format';
import { useClearSuspiciousIp, useSecurityStatus } from '../../api/security-admin';
import { useQueryErrorToast } from '../../hooks/use-error-toast';
import { formatDateTime, formatDuration } from '../../lib/format-time';
import { rateLimitLevel, rateLimitUsage } from '../../lib/rate-limit-level';
import { RpcProvidersCard } from './rpc-providers-card';
import { RefreshButton } from '../ui/refresh-button';
import './security.css';

/** 'search' → 'Search', 'adminLogin' → 'Admin Login', 'nft-scan' → 'Nft Scan'. */
function limitLabel(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function ApiKeysCard({ apiKeys }: { apiKeys: SecurityStatus['apiKeys'] }) {
  return (
    <section className="card admin-security-card" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">API Keys</h2>
      {apiKeys.valid ? (
        <p className="admin-security-ok" data-testid="api-keys">
          <span className="admin-status-dot admin-status-dot--ok" aria-hidden="true" /> All API keys are valid
        </p>
      ) : (
        <p className="admin-security-danger" data-testid="api-keys">
          <span className="admin-status-dot admin-status-dot--danger" aria-hidden="true" /> Missing API keys:{' '}
          {apiKeys.missing.join(', ')}
        </p>
      )}
    </section>
  );
}

function RateLimitRow({ name, limit }: { name: string; limit: RateLimitStatus }) {
  const usage = rateLimitUsage(limit);
  const level = rateLimitLevel(limit);
  return (
    <li
      className={`admin-box admin-rate-limit admin-rate-limit--${level}`}
      data-testid="rate-limit"
      data-level={level}
    >
      <div className="admin-rate-limit__head">
        <strong>{limitLabel(name)}</strong>
        <span className="admin-rate-limit__figures">
          {formatCount(limit.current)} / {formatCount(limit.limit)}
        </span>
      </div>
      <ProgressBar
        percent={Math.round(usage * 100)}
        label={`${limitLabel(name)} usage`}
        thin
        fillClassName="admin-rate-limit__fill"
      />
      <span className="muted admin-rate-limit__reset">
        {limit.windowMs === 0
          ? 'Counted until each scan ends'
          : limit.resetIn > 0
            ? `Resets in ${formatDuration(limit.resetIn)}`
            : 'No requests in this window'}
      </span>
    </li>
  );
}

/** What each refusal of the connection limits means (docs/API.md "Connections and sockets"). */
const REFUSAL_LABELS: Record<ConnectionRefusal, string> = {
  httpPerClient: 'HTTP connections over one address’s cap',
  httpTotal: 'HTTP connections over the total cap',
  socketsPerClient: 'Sockets over one address’s cap',
  socketsTotal: 'Sockets over the total cap',
  socketHandshakes: 'Socket handshakes over the request budget or after a flood',
  socketEvents: 'Sockets closed for sending events too fast',
  socketRooms: 'Subscriptions over a socket’s room cap',
  privateAddress: 'Metadata or image fetches to a private address',
};

function ConnectionRefusals({ refusals }: { refusals: SecurityStatus['connectionRefusals'] }) {
  return (
    <section
      className="card admin-security-card admin-security-card--wide"
      aria-labelledby="refusals-heading"
    >
      <h2 id="refusals-heading">Connection Refusals (24 h)</h2>
      <ul className="admin-rate-limits">
        {CONNECTION_REFUSALS.map((kind) => (
          <li
            key={kind}
            className={`admin-box admin-rate-limit admin-rate-limit--${refusals[kind] > 0 ? 'warn' : 'ok'}`}
            data-testid="connection-refusal"
            data-kind={kind}
          >
            <div className="admin-rate-limit__head">
              <span>{REFUSAL_LABELS[kind]}</span>
              <strong className="admin-rate-limit__figures">{formatCount(refusals[kind])}</strong>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SuspiciousIps({ ips }: { ips: SecurityStatus['suspiciousIPs'] }) {
  const clear = useClearSuspiciousIp();
  return (
    <section
      className="card admin-security-card admin-security-card--wide"
      aria-labelledby="suspicious-heading"
    >
      <h2 id="suspicious-heading">
        Suspicious IPs <span className="count-badge">{ips.length}</span>
      </h2>
      {ips.length === 0 ? (
        <p className="muted">No suspicious IPs.</p>
      ) : (
        <ul className="row-list">
          {ips.map((entry) => (
            <li key={entry.ip} className="admin-box admin-ip-row" data-testid="suspicious-ip">
              <div className="admin-ip-row__text">
                <code className="admin-ip-row__ip">{entry.ip}</code>
                <span className="muted">
                  {formatCount(entry.rateLimitBreaches)} rate-limit breaches ·{' '}
                  {formatCount(entry.failedLogins)} failed logins · last seen{' '}
                  {formatDateTime(entry.lastSeenAt)}
                </span>
              </div>
              <button
                type="button"
                className="button button--ghost admin-button--sm"
                disabled={clear.isPending && clear.variables === entry.ip}
                onClick={() =>
                  clear.mutate(entry.ip, {
                    onError: (error) =>
                      toast({
                        title: 'Failed to clear suspicious IP',
                        description: errorText(error, ''),
                        variant: 'destructive',
                      }),
                  })
                }
                aria-label={`Clear ${entry.ip}`}
              >
                Clear
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/security: API keys, rate limits, sessions, connection refusals, suspicious IPs, RPC providers; refreshed every 30 s (SPEC §2). */
export function SecurityAdminPage() {
  const status = useSecurityStatus();
  useQueryErrorToast(status, 'Failed to fetch security status');

  if (status.isPending) return <Spinner label="Loading security status..." />;
  if (!status.data) {
    return (
      <div className="card status-card status-card--error" role="alert" data-testid="security-error">
        <p className="status-card__message">
          Failed to load security status. Please try refreshing the page.
        </p>
      </div>
    );
  }

  const { apiKeys, rateLimits, activeUserSessions, suspiciousIPs, connectionRefusals } = status.data;
  const limits = Object.entries(rateLimits);
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <span className="muted admin-toolbar__note">
          Updated {formatDateTime(new Date(status.dataUpdatedAt).toISOString())} · refreshes every 30 s
        </span>
        <RefreshButton query={status} />
      </div>
      <div className="admin-security-grid">
        <ApiKeysCard apiKeys={apiKeys} />
        <section className="card admin-security-card" aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">Active User Sessions</h2>
          <p className="admin-security-figure" data-testid="active-sessions">
            {formatCount(activeUserSessions)}
          </p>
        </section>
        <section
          className="card admin-security-card admin-security-card--wide"
          aria-labelledby="limits-heading"
        >
          <h2 id="limits-heading">Rate Limits</h2>
          {limits.length === 0 ? (
            <p className="muted">No rate limits configured.</p>
          ) : (
            <ul className="admin-rate-limits">
              {limits.map(([name, limit]) => (
                <RateLimitRow key={name} name={name} limit={limit} />
              ))}
            </ul>
          )}
        </section>
        <ConnectionRefusals refusals={connectionRefusals} />
        <SuspiciousIps ips={suspiciousIPs} />
        <RpcProvidersCard />
      </div>
    </div>
  );
}
