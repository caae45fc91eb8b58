import { PROMO_PLAYER } from '@nexus/contract';
import { useState } from 'react';
import { usePromoAssets } from '../../api/promo-admin';
import { AdminTabs } from '../ui/admin-tabs';
import { StatTiles } from '../ui/stat-tiles';
import { PromoAssetList } from './promo-asset-list';
import { PromoUploadForm } from './promo-upload-form';
import './promo-admin-page.css';

type PromoTab = 'assets' | 'overview';

const seconds = (ms: number) => `${ms / 1000} s`;

/** SPEC §2 Overview: the promo player's fixed settings. */
const PLAYER_SETTINGS = [
  { label: 'Show Delay', value: seconds(PROMO_PLAYER.showDelayMs) },
  { label: 'Skip Timer', value: seconds(PROMO_PLAYER.skipTimerMs) },
  { label: 'Autoplay', value: PROMO_PLAYER.autoplay ? 'On' : 'Off' },
  { label: 'Loop', value: PROMO_PLAYER.loop ? 'On' : 'Off' },
];

function Overview() {
  const assets = usePromoAssets().data;
  const active = assets?.filter((asset) => asset.isActive) ?? [];
  return (
    <div className="admin-stack">
      <StatTiles
        label="Promo assets"
        tiles={[
          { label: 'Total Assets', value: assets?.length },
          { label: 'Active', value: assets ? active.length : undefined, tone: 'approved' },
          { label: 'Videos', value: assets?.filter((asset) => asset.type === 'video').length },
          { label: 'Images', value: assets?.filter((asset) => asset.type === 'image').length },
        ]}
      />
      <section className="card" aria-labelledby="player-settings">
        <h2 id="player-settings">Player Settings</h2>
        <p className="muted">Fixed settings of the promo player shown while scans run.</p>
        <dl className="admin-settings-list">
          {PLAYER_SETTINGS.map((setting) => (
            <div key={setting.label} className="admin-box admin-settings-list__row">
              <dt>{setting.label}</dt>
              <dd>{setting.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/** /admin/promo: 'Manage Assets' and 'Overview' (SPEC §2). */
export function PromoAdminPage() {
  const [tab, setTab] = useState<PromoTab>('assets');
  return (
    <AdminTabs
      label="Promotional assets"
      value={tab}
      onValueChange={setTab}
      tabs={[
        {
          value: 'assets',
          label: 'Manage Assets',
          content: (
            <div className="admin-stack">
              <PromoUploadForm />
              <PromoAssetList />
            </div>
          ),
        },
        { value: 'overview', label: 'Overview', content: <Overview /> },
      ]}
    />
  );
}
