import { Logger } from '@nestjs/common';
import type { ScanQueueRepository } from '../platform/queues/index.js';
import type { ScanProgressRepository } from '../platform/realtime/index.js';
import { ScanExecution } from './scan-execution.service.js';
import type { ScanRunRepository } from './scan-run.repository.js';
import { SCAN_KEPT_STOPPING_MESSAGE, StalledScans } from './stalled-scans.service.js';
import { FakeProgress, FakeRunLog, scanPayload } from './testing/fake-state.js';

describe(StalledScans.name, () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('closes the rows of a scan whose workers kept dying, and tells those waiting for it', async () => {
    const progress = new FakeProgress();
    const runs = new FakeRunLog();
    const payload = scanPayload('collection', '0x' + 'ef'.repeat(20));
    await runs.start(payload, 1);
    const sut = new StalledScans(
      {} as ScanQueueRepository,
      runs as unknown as ScanRunRepository,
      new ScanExecution(progress as unknown as ScanProgressRepository, runs as unknown as ScanRunRepository),
    );

    await sut.close({ data: payload });

    expect(runs.runs.map((r) => r.abandoned)).toEqual([true]);
    expect(progress.failed).toEqual([{ key: payload.key, error: SCAN_KEPT_STOPPING_MESSAGE }]);
    expect(progress.events.at(-1)).toMatchObject({
      key: payload.key,
      stage: 'error',
      error: SCAN_KEPT_STOPPING_MESSAGE,
    });
  });
});
