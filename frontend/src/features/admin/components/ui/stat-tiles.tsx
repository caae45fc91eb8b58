import { formatCount } from '../../../../lib/format';
import '../../../../components/stat-tile.css';
import './stat-tiles.css';

export interface StatTile {
  label: string;
  value: number | string | undefined;
  testId?: string;
  tone?: 'default' | 'pending' | 'voting' | 'approved' | 'rejected';
}

/** A row of figures; a value not known yet shows a dash. */
export function StatTiles({ tiles, label }: { tiles: readonly StatTile[]; label: string }) {
  return (
    <dl className="admin-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.label} className={`stat-tile admin-tile--${tile.tone ?? 'default'}`}>
          <dt>{tile.label}</dt>
          <dd data-testid={tile.testId}>
            {tile.value === undefined
              ? '–'
              : typeof tile.value === 'number'
                ? formatCount(tile.value)
                : tile.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
