import { Injectable, Logger } from '@nestjs/common';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { Job } from 'bull';
import { CollectionScanService } from './collection-scan.service.js';
import { Processes, type JobProcessor } from './job-processor.js';
import { ScanExecution } from './scan-execution.service.js';
import { runScanJob } from './scan-job.runner.js';

@Injectable()
@Processes(QueueName.CollectionScan)
export class CollectionScanProcessor implements JobProcessor<typeof QueueName.CollectionScan> {
  private readonly logger = new Logger(CollectionScanProcessor.name);

  constructor(
    private readonly scans: CollectionScanService,
    private readonly execution: ScanExecution,
  ) {}

  process(job: Job<JobPayloads[typeof QueueName.CollectionScan]>) {
    return runScanJob(job, this.execution, (p, attempt) => this.scans.run(p, attempt), this.logger);
  }
}
