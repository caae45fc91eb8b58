import type { HomeStats } from '../home-logic';
import { StatTile } from '../../../components/stat-tile';

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
        <StatTile key={tile.label} {...tile} />
      ))}
    </dl>
  );
}
