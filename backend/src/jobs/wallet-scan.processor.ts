import { Injectable, Logger } from '@nestjs/common';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { Job } from 'bull';
import { Processes, type JobProcessor } from './job-processor.js';
import { ScanExecution } from './scan-execution.service.js';
import { runScanJob } from './scan-job.runner.js';
import { WalletScanService } from './wallet-scan.service.js';

@Injectable()
@Processes(QueueName.WalletScan)
export class WalletScanProcessor implements JobProcessor<typeof QueueName.WalletScan> {
  private readonly logger = new Logger(WalletScanProcessor.name);

  constructor(
    private readonly scans: WalletScanService,
    private readonly execution: ScanExecution,
  ) {}

  process(job: Job<JobPayloads[typeof QueueName.WalletScan]>) {
    return runScanJob(job, this.execution, (p, attempt) => this.scans.run(p, attempt), this.logger);
  }
}
