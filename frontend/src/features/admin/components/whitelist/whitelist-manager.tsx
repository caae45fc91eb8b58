import { useQuery } from '@tanstack/react-query';
import type { WhitelistedCollection } from '@nexus/contract';
import { useMemo, useState } from 'react';
import { sortWhitelist, whitelistedCollectionsQuery } from '../../../../api/whitelisted-collections';
import { EmptyState } from '../../../../components/empty-state';
import { NetworkBadge } from '../../../../components/network-badge';
import { Spinner } from '../../../../components/spinner';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { shortenAddress } from '../../../../lib/format';
import { filterByText } from '../../../../lib/filter-by-text';
import { mediaImageUrl } from '../../../../lib/image-url';
import { useDeleteCollection } from '../../api/whitelist-admin';
import { useConfirmedDelete } from '../ui/confirm-dialog';
import { LoadFailed } from '../ui/load-failed';
import { AdminDialog } from '../ui/admin-dialog';
import { WhitelistForm } from './whitelist-form';
import './whitelist-manager.css';
import { SearchField } from '../../../../components/search-field';

type Editor = { mode: 'add'; key: number } | { mode: 'edit'; key: number; collection: WhitelistedCollection };

/** The whitelist on the admin dashboard: search, add, edit, delete (SPEC §2). */
export function WhitelistManager() {
  const collections = useQuery({ ...whitelistedCollectionsQuery, refetchOnMount: 'always' });
  const remove = useDeleteCollection();
  const [search, setSearch] = useState('');
  const [editor, setEditor] = useState<Editor | null>(null);
  const [opened, setOpened] = useState(0);

  const shown = useMemo(
    () =>
      filterByText(sortWhitelist(collections.data ?? []), search, (c) => [
        c.name,
        c.contractAddress,
        c.network,
      ]),
    [collections.data, search],
  );

  // Every opening gets a new form: Add starts blank (SPEC §4: the form resets on add).
  const openEditor = (next: { mode: 'add' } | { mode: 'edit'; collection: WhitelistedCollection }) => {
    setOpened((count) => count + 1);
    setEditor({ ...next, key: opened + 1 });
  };

  const deletion = useConfirmedDelete('collection', (collection: WhitelistedCollection) =>
    remove.mutate(collection.id, {
      onSuccess: () => toast({ title: 'Collection deleted successfully', variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Failed to delete collection',
          description: errorText(error, 'Please try again.'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <section className="card admin-whitelist-manager" aria-labelledby="whitelist-heading">
      <header className="admin-spread admin-section-head">
        <div>
          <h2 id="whitelist-heading">Whitelisted Collections</h2>
          <p className="muted">
            {collections.data
              ? `${collections.data.length} collections`
              : 'Featured collections on the home page'}
          </p>
        </div>
        <button type="button" className="button button--primary" onClick={() => openEditor({ mode: 'add' })}>
          + Add Collection
        </button>
      </header>
      <SearchField
        placeholder="Search by name, contract address or network..."
        label="Search whitelisted collections"
        value={search}
        onChange={setSearch}
      />

      {collections.isPending ? (
        <Spinner label="Loading collections..." />
      ) : collections.isError && !collections.data ? (
        <LoadFailed title="Failed to load collections" query={collections} />
      ) : shown.length === 0 ? (
        <EmptyState
          title="No collections found"
          description={
            search.trim() ? 'Try a different search.' : 'Add the first collection to the whitelist.'
          }
        />
      ) : (
        <ul className="row-list">
          {shown.map((collection) => (
            <li key={collection.id} className="admin-box admin-whitelist-row" data-testid="whitelist-row">
              {mediaImageUrl(collection.logoUrl) ? (
                <img
                  className="admin-whitelist-row__logo"
                  src={mediaImageUrl(collection.logoUrl)}
                  alt=""
                  loading="lazy"
                />
              ) : (
                <span
                  className="admin-whitelist-row__logo admin-whitelist-row__logo--empty"
                  aria-hidden="true"
                >
                  {collection.name.charAt(0).toUpperCase()}
                </span>
              )}
              <div className="admin-whitelist-row__text">
                <div className="admin-whitelist-row__title">
                  <strong>{collection.name}</strong>
                  <NetworkBadge network={collection.network} />
                  {collection.isFeatured ? <span className="pill pill--accent">Featured</span> : null}
                </div>
                <code className="muted" title={collection.contractAddress}>
                  {shortenAddress(collection.contractAddress)}
                </code>
              </div>
              <div className="admin-whitelist-row__actions">
                <button
                  type="button"
                  className="button button--ghost admin-button--sm"
                  onClick={() => openEditor({ mode: 'edit', collection })}
                  aria-label={`Edit ${collection.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--ghost admin-button--sm admin-button--danger-ghost"
                  onClick={() => deletion.ask(collection)}
                  aria-label={`Delete ${collection.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <AdminDialog
        open={editor !== null}
        onClose={() => setEditor(null)}
        title={editor?.mode === 'edit' ? 'Edit Collection' : 'Add Collection'}
        testId="whitelist-dialog"
      >
        {editor ? (
          <WhitelistForm
            key={editor.key}
            editing={editor.mode === 'edit' ? editor.collection : null}
            onDone={() => setEditor(null)}
            onCancel={() => setEditor(null)}
          />
        ) : null}
      </AdminDialog>
      {deletion.dialog}
    </section>
  );
}
