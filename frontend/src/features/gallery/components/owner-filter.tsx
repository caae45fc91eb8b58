import { useState } from 'react';
import { isEvmAddress, type CollectionPageOwner } from '@nexus/contract';
import { NOT_INDEXED } from '../../../components/activity-parts';
import { errorText } from '../../../lib/api-client';
import { shortenAddress } from '../../../lib/format';

/**
 * "Owned by": a 0x address or an ENS name, applied with Enter; once applied, a chip that says whose
 * NFTs these are and takes the filter off. The server resolves the name (and refuses a bad one).
 */
export function OwnerFilter({
  owner,
  resolved,
  onOwner,
}: {
  owner: string;
  /** The address the server read the filter as, once it answered. */
  resolved: CollectionPageOwner | null;
  onOwner: (owner: string) => void;
}) {
  const [draft, setDraft] = useState('');
  if (owner) {
    const shown = isEvmAddress(owner) ? shortenAddress(owner) : owner;
    return (
      <span className="owner-chip" data-testid="owner-filter-chip">
        Owned by{' '}
        <code title={resolved?.address ?? owner} data-testid="owner-filter-value">
          {shown}
        </code>
        <button
          type="button"
          className="owner-chip__remove"
          aria-label="Remove the owner filter"
          onClick={() => onOwner('')}
        >
          ×
        </button>
      </span>
    );
  }
  return (
    <form
      className="owner-filter"
      onSubmit={(event) => {
        event.preventDefault();
        const value = draft.trim();
        if (!value) return;
        onOwner(value);
        setDraft('');
      }}
    >
      <input
        className="owner-filter__input"
        type="search"
        aria-label="Owned by: a 0x address or an ENS name"
        placeholder="Owned by 0x… or name.eth"
        value={draft}
        maxLength={255}
        onChange={(event) => setDraft(event.target.value)}
        data-testid="owner-filter-input"
      />
    </form>
  );
}

/** Why an owner filter shows nothing: the server refused it, or the network's index is off. */
export function OwnerNotice({
  owner,
  resolved,
  error,
}: {
  owner: string;
  resolved: CollectionPageOwner | null;
  error: unknown;
}) {
  if (!owner) return null;
  if (error) {
    return (
      <p className="muted owner-notice" role="alert" data-testid="owner-filter-error">
        {errorText(error, 'The owner filter could not be applied.')}
      </p>
    );
  }
  if (resolved && !resolved.indexed) {
    return (
      <p className="muted owner-notice" data-testid="owner-filter-unindexed">
        {NOT_INDEXED} Nexus cannot tell who owns these NFTs.
      </p>
    );
  }
  return null;
}
