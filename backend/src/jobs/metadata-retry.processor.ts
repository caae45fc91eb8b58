import { Injectable } from '@nestjs/common';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { Job } from 'bull';
import { Processes, type JobProcessor } from './job-processor.js';
import { MetadataRetryService } from './metadata-retry.service.js';

@Injectable()
@Processes(QueueName.MetadataRetry)
export class MetadataRetryProcessor implements JobProcessor<typeof QueueName.MetadataRetry> {
  constructor(private readonly retry: MetadataRetryService) {}

  process(job: Job<JobPayloads[typeof QueueName.MetadataRetry]>) {
    return this.retry.run(job.data);
  }
}
