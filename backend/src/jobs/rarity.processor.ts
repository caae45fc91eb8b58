import { Injectable, Logger } from '@nestjs/common';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { Job } from 'bull';
import { Processes, type JobProcessor } from './job-processor.js';
import { RarityJobService } from './rarity-job.service.js';
import { ScanExecution } from './scan-execution.service.js';
import { runScanJob } from './scan-job.runner.js';

type RarityJob = Job<JobPayloads[typeof QueueName.Rarity]>;

@Injectable()
@Processes(QueueName.Rarity)
export class RarityProcessor implements JobProcessor<typeof QueueName.Rarity> {
  private readonly logger = new Logger(RarityProcessor.name);

  constructor(
    private readonly rarity: RarityJobService,
    private readonly execution: ScanExecution,
  ) {}

  process(job: RarityJob) {
    return runScanJob(job, this.execution, (p, attempt) => this.rarity.run(p, attempt), this.logger);
  }

  /** Runs once Bull has released the job's key, so a new job for the collection can start. */
  async completed(job: RarityJob): Promise<void> {
    try {
      if (await this.rarity.followUp(job.data))
        this.logger.log(`${job.data.key}: ranked again for a newer scan`);
    } catch (error) {
      this.logger.warn(
        `${job.data.key}: follow-up check failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
