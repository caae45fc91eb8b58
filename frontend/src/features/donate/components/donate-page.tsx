import { useId } from 'react';
import type { DonationEntry } from '@nexus/contract';
import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/spinner';
import { useDonations } from '../api/donations';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';
import './donate.css';

function DonationCard({ entry }: { entry: DonationEntry }) {
  const titleId = useId();
  const { copied, copy } = useCopyToClipboard();
  return (
    <article className="card donation-card" aria-labelledby={titleId} data-testid="donation-card">
      <header className="donation-card__head">
        <h2 id={titleId}>{entry.title}</h2>
        <ul className="chip-list" aria-label="Networks">
          {entry.networks.map((network) => (
            <li key={network.name} className="pill pill--accent" title={network.name}>
              {network.symbol}
            </li>
          ))}
        </ul>
      </header>
      <div className="donation-card__address">
        <code>{entry.address}</code>
        <button
          type="button"
          className={`button button--ghost donation-card__copy${copied ? ' donation-card__copy--done' : ''}`}
          aria-describedby={titleId}
          onClick={() => void copy(entry.address)}
        >
          {copied ? '✓ Copied' : 'Copy'}
        </button>
        <span className="sr-only" role="status">
          {copied ? 'Address copied' : ''}
        </span>
      </div>
      <ul className="donation-card__explorers">
        {entry.networks.map((network) => (
          <li key={network.name}>
            <a href={network.explorer} target="_blank" rel="noopener noreferrer">
              View on {network.name} explorer <span aria-hidden="true">↗</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </article>
  );
}

export function DonatePage() {
  const { data, isPending, isError, isFetching, refetch } = useDonations();

  return (
    <PageShell
      title="Support The Nexus"
      subtitle="Nexus is free to use. Donations keep the explorer running."
      backTo={{ to: '/', label: 'Back to Home' }}
    >
      {isPending ? (
        <Spinner label="Loading donation addresses..." />
      ) : isError ? (
        <div className="status-card status-card--error" role="alert" data-testid="donations-error">
          <div className="status-card__icon" aria-hidden="true">
            !
          </div>
          <h2 className="status-card__title">Failed to Load Donation Addresses</h2>
          <p className="muted">The addresses could not be loaded. Check your connection and try again.</p>
          <div className="status-card__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={isFetching}
              onClick={() => void refetch()}
            >
              {isFetching ? 'Retrying...' : 'Retry'}
            </button>
          </div>
        </div>
      ) : data.length === 0 ? (
        <EmptyState title="No Donation Addresses" description="Check back later." />
      ) : (
        <div className="donation-list">
          {data.map((entry) => (
            <DonationCard key={entry.address} entry={entry} />
          ))}
          <p className="muted donation-list__note">
            Send only assets of the networks listed on each address. Thank you for your support!
          </p>
        </div>
      )}
    </PageShell>
  );
}
