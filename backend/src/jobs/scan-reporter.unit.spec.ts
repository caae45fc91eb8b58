import { jest } from '@jest/globals';
import { STAGE_PERCENT, type ScanProgress } from '@nexus/contract';
import type { ScanProgressRepository } from '../platform/realtime/index.js';
import { ScanReporter } from './scan-reporter.js';
import { FakeProgress, scanPayload } from './testing/fake-state.js';

const ADDRESS = '0x' + '9f'.repeat(20);

describe(ScanReporter.name, () => {
  let progress: FakeProgress;
  let clock: number;
  let sut: ScanReporter;

  beforeEach(() => {
    jest.useFakeTimers();
    clock = 1_700_000_000_000;
    progress = new FakeProgress();
    sut = new ScanReporter(
      scanPayload('collection', ADDRESS),
      progress as unknown as ScanProgressRepository,
      () => clock,
    );
  });

  afterEach(() => jest.useRealTimers());

  /** Lets the chained publications run. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('sends each stage at once with its SPEC §4 percentage, counts and times', async () => {
    await sut.stage('initializing');
    clock += 10;
    await sut.stage('preparing', { tokensTotal: 40 });

    expect(progress.events.map((e) => [e.stage, e.percent])).toEqual([
      ['initializing', STAGE_PERCENT.initializing],
      ['preparing', STAGE_PERCENT.preparing],
    ]);
    expect(progress.events[1]).toMatchObject({
      key: `collection:polygon:${ADDRESS}`,
      kind: 'collection',
      address: ADDRESS,
      tokensTotal: 40,
      emittedAt: clock,
      error: null,
    });
    expect(progress.events[1]!.startedAt).toBe(progress.events[0]!.startedAt);
  });

  it('merges count updates closer than 50 ms into one event', async () => {
    await sut.stage('preparing');
    for (let found = 1; found <= 10; found++) sut.counts({ tokensFound: found });
    await settle();
    expect(progress.events).toHaveLength(1);

    clock += 50;
    jest.advanceTimersByTime(50);
    await settle();

    expect(progress.events.map((e) => e.tokensFound)).toEqual([0, 10]);
  });

  it('sends pending counts with a stage change, and nothing after it', async () => {
    await sut.stage('preparing');
    sut.counts({ tokensFound: 7 });
    await sut.stage('calculating');
    jest.advanceTimersByTime(1000);
    await settle();

    expect(progress.events.map((e): [string, number] => [e.stage, e.tokensFound])).toEqual([
      ['preparing', 0],
      ['calculating', 7],
    ]);
  });

  it('keeps events in order while an earlier publication is slow, and goes on after one fails', async () => {
    const sent: ScanProgress[] = [];
    let release: () => void = () => undefined;
    let calls = 0;
    jest.spyOn(progress, 'publish').mockImplementation(async (event) => {
      calls++;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      if (calls === 2) throw new Error('Redis hiccup');
      sent.push(event);
    });

    const first = sut.stage('initializing');
    const second = sut.stage('preparing');
    const third = sut.stage('calculating');
    await settle();
    expect(sent).toEqual([]);
    release();
    await Promise.all([first, second, third]);

    expect(sent.map((e) => e.stage)).toEqual(['initializing', 'calculating']);
  });

  it('reports an error with its message, keeping the percentage reached', async () => {
    await sut.stage('calculating');
    await sut.error('Collection Not Found');

    expect(progress.events.at(-1)).toMatchObject({
      stage: 'error',
      percent: STAGE_PERCENT.calculating,
      error: 'Collection Not Found',
    });
  });
});
