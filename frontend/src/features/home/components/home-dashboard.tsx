import * as Tabs from '@radix-ui/react-tabs';
import { useMemo, type ReactNode } from 'react';
import type { WhitelistedCollection } from '@nexus/contract';
import { sortWhitelist, useWhitelistedCollections } from '../../../api/whitelisted-collections';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useLiveTrendingSearches } from '../api/live-trending';
import { collectionBadge, filterFeatured, homeStats, matchTrending } from '../home-logic';
import { HOME_TABS, isHomeTab, useHomeStore, type HomeTab } from '../stores/home-store';
import { FeaturedCarousel } from './featured-carousel';
import { PromoBar } from './promo-bar';
import { StatTiles } from './stat-tiles';
import { TrendingList } from './trending-list';
import '../../../components/tabs.css';
import './home.css';

const TAB_LABELS: Record<HomeTab, string> = {
  featured: 'Featured',
  vote: 'Vote',
  trending: 'Trending',
  search: 'Advanced Search',
};

interface HomeDashboardProps {
  /** The search form (search feature), always on screen at the top of home. */
  searchSlot: ReactNode;
  /** Content of the 'Advanced Search' tab. */
  searchHelpSlot: ReactNode;
  /** Content of the 'Vote' tab (vote feature). */
  voteSlot: ReactNode;
  onExplore: (collection: WhitelistedCollection) => void;
}

export function HomeDashboard({ searchSlot, searchHelpSlot, voteSlot, onExplore }: HomeDashboardProps) {
  const { tab, setTab, quickSearch, setQuickSearch } = useHomeStore();
  const whitelist = useWhitelistedCollections();
  const trending = useLiveTrendingSearches();

  const collections = useMemo(
    () => (whitelist.isError ? [] : sortWhitelist(whitelist.data ?? [])),
    [whitelist.data, whitelist.isError],
  );
  const searches = useMemo(
    () => (trending.isError ? [] : (trending.data ?? [])),
    [trending.data, trending.isError],
  );
  const matched = useMemo(() => matchTrending(searches, collections), [searches, collections]);
  const stats = homeStats(collections, searches, matched);
  const featured = filterFeatured(collections, quickSearch);

  return (
    <div className="home">
      <section className="hero">
        <p className="hero__eyebrow">Multi-network NFT explorer</p>
        <h1 className="hero__title">
          Explore NFT collections on <span className="gradient-text">Ethereum, Polygon and Cronos</span>
        </h1>
        <div className="hero__search">{searchSlot}</div>
        <StatTiles stats={stats} />
      </section>

      <PromoBar />

      <Tabs.Root
        className="home-tabs"
        value={tab}
        onValueChange={(value) => {
          if (isHomeTab(value)) setTab(value);
        }}
      >
        <Tabs.List className="tabs" aria-label="Home sections">
          {HOME_TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} className="tabs__tab" data-testid={`tab-${id}`}>
              {TAB_LABELS[id]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="featured" className="tab-panel">
          <div className="quick-search">
            <span className="quick-search__icon" aria-hidden="true">
              ⌕
            </span>
            <input
              className="quick-search__control"
              type="search"
              placeholder="Quick search collections..."
              aria-label="Quick search collections"
              data-testid="quick-search"
              value={quickSearch}
              onChange={(event) => setQuickSearch(event.target.value)}
            />
          </div>
          {whitelist.isPending ? (
            <Spinner label="Loading collections..." />
          ) : featured.length === 0 ? (
            <EmptyState
              title="No collections found"
              description="Try adjusting your search or check back later"
              icon="✦"
              testId="featured-empty"
            />
          ) : (
            <FeaturedCarousel
              collections={featured}
              badgeOf={(collection) => collectionBadge(collection, matched)}
              onExplore={onExplore}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="vote" className="tab-panel">
          {voteSlot}
        </Tabs.Content>
        <Tabs.Content value="trending" className="tab-panel">
          {trending.isPending || whitelist.isPending ? (
            <Spinner label="Loading trending collections..." />
          ) : (
            <TrendingList entries={matched} onExplore={onExplore} />
          )}
        </Tabs.Content>
        <Tabs.Content value="search" className="tab-panel">
          {searchHelpSlot}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
