/**
 * The dev world at the next scale (issue 13): a 100,000-token collection on polygon and a cronos
 * behind a public node's limits over a history of more than a million blocks. `off` leaves the
 * chains as they are (the test suite's chains); `small` is the same world in miniature for tests
 * and benchmarks that need its shape, not its size. `huge` (opt-in, issue 22) is `full` plus a
 * 1,000,000-token collection on polygon, as mainnet has (ENS names, game items).
 */
export type WorldScale = 'off' | 'small' | 'full' | 'huge';

export const WORLD_SCALES: readonly WorldScale[] = ['off', 'small', 'full', 'huge'];

export interface WorldShape {
  /** Tokens of the large ERC-721 collection (`legion` on polygon). */
  legionTokens: number;
  /** Tokens of the million-token ERC-721 collection (`myriad` on polygon); 0: none. */
  myriadTokens: number;
  /**
   * Tokens of Nexus Wilds on ethereum, whose metadata hosts behave like mainnet's (slow, throttling,
   * broken, redirecting: messy-metadata.server.ts); a multiple of 100.
   */
  wildsTokens: number;
  /** Block number of cronos' genesis: the history before it is empty, as on an old chain. */
  cronosGenesisBlock: bigint;
  /** Blocks mined before each demo wallet transaction on cronos, so they spread over the history. */
  cronosSpreadBlocks: number;
}

export const WORLD_SHAPES: Record<Exclude<WorldScale, 'off'>, WorldShape> = {
  huge: {
    legionTokens: 100_000,
    myriadTokens: 1_000_000,
    wildsTokens: 10_000,
    cronosGenesisBlock: 1_000_000n,
    cronosSpreadBlocks: 250,
  },
  full: {
    legionTokens: 100_000,
    myriadTokens: 0,
    wildsTokens: 10_000,
    cronosGenesisBlock: 1_000_000n,
    cronosSpreadBlocks: 250,
  },
  small: {
    legionTokens: 2_000,
    myriadTokens: 0,
    wildsTokens: 1_000,
    cronosGenesisBlock: 50_000n,
    cronosSpreadBlocks: 20,
  },
};

export function worldShape(scale: WorldScale): WorldShape | null {
  return scale === 'off' ? null : WORLD_SHAPES[scale];
}

/** NEXUS_DEVWORLD_SCALE: full (default for npm start), huge (opt-in), small, or off on small machines. */
export function parseWorldScale(raw: string | undefined, fallback: WorldScale): WorldScale {
  if (raw === undefined || raw === '') return fallback;
  if ((WORLD_SCALES as readonly string[]).includes(raw)) return raw as WorldScale;
  throw new Error(`NEXUS_DEVWORLD_SCALE must be one of ${WORLD_SCALES.join(', ')} (got "${raw}")`);
}
