import type { PromoAsset } from '@nexus/contract';
import { EmptyState } from '../../../../components/empty-state';
import { Spinner } from '../../../../components/spinner';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { mediaImageUrl } from '../../../../lib/image-url';
import { useDeletePromoAsset, usePromoAssets, useTogglePromoAsset } from '../../api/promo-admin';
import { useQueryErrorToast } from '../../hooks/use-error-toast';
import { formatBytes } from '../../lib/promo-upload-logic';
import { safeExternalHref } from '../../lib/safe-link';
import { AdminSwitch } from '../ui/admin-switch';
import { useConfirmedDelete } from '../ui/confirm-dialog';
import { LoadFailed } from '../ui/load-failed';
import './promo-asset-list.css';

function AssetPreview({ asset }: { asset: PromoAsset }) {
  return asset.type === 'video' ? (
    <video
      className="admin-asset-card__media"
      src={asset.url}
      muted
      playsInline
      preload="metadata"
      controls
    />
  ) : (
    <img
      className="admin-asset-card__media"
      src={mediaImageUrl(asset.url)}
      alt={asset.title || asset.name}
      loading="lazy"
    />
  );
}

function AssetCard({ asset, onDelete }: { asset: PromoAsset; onDelete: () => void }) {
  const toggle = useTogglePromoAsset();
  const link = safeExternalHref(asset.promotionalUrl);
  const active = toggle.isPending ? (toggle.variables?.isActive ?? asset.isActive) : asset.isActive;
  return (
    <article className="card admin-asset-card" data-testid="promo-asset" aria-label={asset.name}>
      <AssetPreview asset={asset} />
      <div className="admin-asset-card__body">
        <div className="admin-asset-card__title">
          <h3>{asset.name}</h3>
          {active ? (
            <>
              <span className="pill admin-status-badge admin-status-badge--approved">Active</span>
              <span className="pill admin-status-badge admin-status-badge--live">LIVE</span>
            </>
          ) : (
            <span className="pill admin-status-badge admin-status-badge--inactive">Inactive</span>
          )}
        </div>
        {asset.title ? <p className="admin-asset-card__headline">{asset.title}</p> : null}
        {asset.description ? <p className="muted">{asset.description}</p> : null}
        <p className="admin-asset-card__meta muted">
          {asset.type === 'video' ? 'Video' : 'Image'} · {formatBytes(asset.size)}
          {link ? (
            <>
              {' · '}
              <a href={link} target="_blank" rel="noopener noreferrer">
                Learn More ↗
              </a>
            </>
          ) : null}
        </p>
        <div className="admin-asset-card__actions">
          <AdminSwitch
            checked={active}
            disabled={toggle.isPending}
            label="Active"
            onCheckedChange={(isActive) =>
              toggle.mutate(
                { id: asset.id, isActive },
                {
                  onError: (error) =>
                    toast({
                      title: 'Failed to update asset status',
                      description: errorText(error, ''),
                      variant: 'destructive',
                    }),
                },
              )
            }
          />
          <button
            type="button"
            className="button button--ghost admin-button--sm admin-button--danger-ghost"
            onClick={onDelete}
            aria-label={`Delete ${asset.name}`}
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}

/** Every promo asset with its state, toggle and delete (SPEC §2). */
export function PromoAssetList() {
  const assets = usePromoAssets();
  useQueryErrorToast(assets, 'Failed to fetch assets');
  const remove = useDeletePromoAsset();
  const deletion = useConfirmedDelete('asset', (asset: PromoAsset) =>
    remove.mutate(asset.id, {
      onError: (error) =>
        toast({ title: 'Failed to delete asset', description: errorText(error, ''), variant: 'destructive' }),
    }),
  );

  let body;
  if (assets.isPending) body = <Spinner label="Loading assets..." />;
  else if (assets.isError && !assets.data) {
    body = <LoadFailed title="Failed to fetch assets" query={assets} />;
  } else if ((assets.data ?? []).length === 0) {
    body = (
      <EmptyState title="No assets yet" description="Upload a video or an image to show while scans run." />
    );
  } else {
    body = (
      <div className="admin-asset-grid">
        {(assets.data ?? []).map((asset) => (
          <AssetCard key={asset.id} asset={asset} onDelete={() => deletion.ask(asset)} />
        ))}
      </div>
    );
  }

  return (
    <section className="admin-stack" aria-labelledby="assets-heading">
      <h2 id="assets-heading" className="admin-section-title">
        Assets {assets.data ? <span className="count-badge">{assets.data.length}</span> : null}
      </h2>
      {body}
      {deletion.dialog}
    </section>
  );
}
