import type { RpcProviderStatus } from '@nexus/contract';
import { formatCount } from '../../../../lib/format';
import { useRpcProviders } from '../../api/rpc-providers-admin';
import { formatDateTime } from '../../lib/format-time';
import './security.css';

const LEVEL: Record<RpcProviderStatus['health'], 'ok' | 'warn' | 'danger'> = {
  healthy: 'ok',
  untried: 'warn',
  'set aside': 'danger',
};

function ProviderRow({ provider }: { provider: RpcProviderStatus }) {
  const level = LEVEL[provider.health];
  const span =
    provider.learntSpan === null
      ? 'no span limit met'
      : `span ${formatCount(provider.learntSpan)} blocks${provider.spanStated ? '' : ' (found by halving)'}`;
  return (
    <li
      className={`admin-box admin-rate-limit admin-rate-limit--${level}`}
      data-testid="rpc-provider"
      data-health={provider.health}
    >
      <div className="admin-rate-limit__head">
        <code>{provider.url}</code>
        <strong className="admin-rate-limit__figures">
          {provider.health}
          {provider.setAsideUntil ? ` until ${formatDateTime(provider.setAsideUntil)}` : ''}
        </strong>
      </div>
      <span className="muted">
        {formatCount(provider.requests)} requests · {formatCount(provider.errors)} errors ·{' '}
        {formatCount(provider.throttled)} throttled ·{' '}
        {provider.latencyMs === null ? 'no answer yet' : `${formatCount(provider.latencyMs)} ms`} · {span}
        {provider.batching ? '' : ' · no batches'}
      </span>
      {provider.lastError ? <span className="muted">Last error: {provider.lastError}</span> : null}
    </li>
  );
}

/** Each network's JSON-RPC nodes: health, counters of the API and workers together, learnt limits. */
export function RpcProvidersCard() {
  const providers = useRpcProviders();
  return (
    <section className="card admin-security-card admin-security-card--wide" aria-labelledby="rpc-heading">
      <h2 id="rpc-heading">RPC Providers</h2>
      {!providers.data ? (
        <p className="muted">{providers.isPending ? 'Loading...' : 'RPC providers unavailable.'}</p>
      ) : (
        providers.data.networks.map((network) => (
          <div key={network.network} data-testid="rpc-network" data-network={network.network}>
            <h3>
              {network.network} <span className="muted">chain {network.chainId}</span>
            </h3>
            <ul className="admin-rate-limits">
              {network.providers.map((provider) => (
                <ProviderRow key={provider.url} provider={provider} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
