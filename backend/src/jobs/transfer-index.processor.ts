import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { Job } from 'bull';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ScanQueueRepository } from '../queues/index.js';
import { TransferIndexService } from '../transfer-index/index.js';
import { Processes, type JobProcessor } from './job-processor.js';

/** The transfer index's repeatable pass: scheduled per indexed network when a worker starts. */
@Injectable()
@Processes(QueueName.TransferIndex)
export class TransferIndexProcessor
  implements JobProcessor<typeof QueueName.TransferIndex>, OnApplicationBootstrap
{
  constructor(
    private readonly index: TransferIndexService,
    private readonly queues: ScanQueueRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues.scheduleIndex(this.index.networks(), this.config.indexIntervalMs);
  }

  async process(job: Job<JobPayloads[typeof QueueName.TransferIndex]>) {
    const result = await this.index.pass(job.data.network);
    return (
      result && { blocks: result.blocks, logs: result.logs, indexedTo: result.cursor.indexedTo.toString() }
    );
  }
}
