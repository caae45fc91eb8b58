import {
  parseProviderName,
  PROVIDER_NAMES,
  PROVIDER_PROFILES,
  providerLimits,
} from '../src/provider-profiles.js';

describe('provider profiles of the public-node front', () => {
  it('NEXUS_DEVWORLD_PROVIDER names a profile; unset or nexus keeps our own front', () => {
    expect(parseProviderName(undefined)).toBeNull();
    expect(parseProviderName('')).toBeNull();
    expect(parseProviderName('nexus')).toBeNull();
    expect(parseProviderName('quicknode-trial')).toBe('quicknode-trial');
    expect(() => parseProviderName('Infura')).toThrow(/one of nexus, infura, alchemy.*"Infura"/);
  });

  it('has at least ten providers, each citing where its limits and texts come from', () => {
    expect(PROVIDER_NAMES.length).toBeGreaterThanOrEqual(10);
    for (const name of PROVIDER_NAMES) {
      const profile = PROVIDER_PROFILES[name];
      expect(profile.name).toBe(name);
      expect(profile.sources.length).toBeGreaterThan(0);
      // Every source is one of the keys the file's header explains.
      for (const source of profile.sources) expect(source).toMatch(/^\[[a-z0-9-]+\]/);
    }
  });

  it.each([...PROVIDER_NAMES])('%s words every limit it has in its own texts', (name) => {
    const { limits, answers, statesSpan, suggestsRange } = PROVIDER_PROFILES[name];
    const from = 0x1000n;
    if (limits.maxLogRange !== null) {
      const refusal = answers.span!(limits.maxLogRange, from, from + 99_999n);
      // A cap the text states is read exactly; one it does not is found by halving.
      expect(refusal.message.replace(/,/g, '').includes(String(limits.maxLogRange))).toBe(statesSpan);
    }
    if (limits.maxLogResults !== null) {
      const refusal = answers.results!(limits.maxLogResults, from, from + 999n, from + 41n);
      const text = `${refusal.message} ${JSON.stringify(refusal.data ?? '')}`.toLowerCase();
      expect(text.includes((from + 41n).toString(16)) || text.includes(String(from + 41n))).toBe(
        suggestsRange,
      );
    }
    expect(answers.throttled).toBeDefined();
    if (limits.maxBatch !== null) expect(answers.batch).toBeDefined();
    if (limits.maxResponseBytes !== null) expect(answers.tooLarge).toBeDefined();
    if (limits.stateBlocks !== null) expect(answers.pruned).toBeDefined();
  });

  it('numbers given override the profile, its texts stay', () => {
    const limits = providerLimits('drpc', { maxBatch: 2, requestsPerSecond: 5 });
    expect(limits).toMatchObject({ maxLogRange: 10_000, maxBatch: 2, requestsPerSecond: 5 });
    expect(limits.answers!.batch!(2, 3).error.message).toBe(
      'Batch of more than 2 requests are not allowed on free tier, to use larger batches please upgrade',
    );
  });
});
