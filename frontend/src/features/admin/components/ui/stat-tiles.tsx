import './stat-tiles.css';
import { StatTile } from '../../../../components/stat-tile';

export interface AdminTile {
  label: string;
  value: number | string | undefined;
  testId?: string;
  tone?: 'default' | 'pending' | 'voting' | 'approved' | 'rejected';
}

/** A row of figures; a value not known yet shows a dash. */
export function StatTiles({ tiles, label }: { tiles: readonly AdminTile[]; label: string }) {
  return (
    <dl className="admin-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <StatTile
          key={tile.label}
          label={tile.label}
          value={tile.value}
          testId={tile.testId}
          className={`admin-tile--${tile.tone ?? 'default'}`}
        />
      ))}
    </dl>
  );
}
