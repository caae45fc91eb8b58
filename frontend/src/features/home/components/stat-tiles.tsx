import { formatCount } from '../../../lib/format';
import type { HomeStats } from '../home-logic';
import '../../../components/stat-tile.css';

export function StatTiles({ stats }: { stats: HomeStats }) {
  const tiles = [
    { label: 'Featured', value: stats.featured, testId: 'stat-featured' },
    { label: 'Trending Now', value: stats.trendingNow, testId: 'stat-trending' },
    { label: 'Networks', value: stats.networks, testId: 'stat-networks' },
    { label: 'Total Searches', value: stats.totalSearches, testId: 'stat-searches' },
  ];
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="stat-tile">
          <dt>{tile.label}</dt>
          <dd data-testid={tile.testId}>{formatCount(tile.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
