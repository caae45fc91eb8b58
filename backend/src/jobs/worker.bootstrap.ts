import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createRootLogger, nestLogger } from '../platform/logging/index.js';
import { exitIfStuck } from '../platform/common/index.js';
import { loadConfigOrExit, type AppConfig } from '../platform/config/index.js';
import { JobWiringError } from './job-wiring.js';
import { WorkerModule } from './worker.module.js';

/** Builds a worker: the job side as a Nest application context, consuming every queue. */
export async function createWorker(
  config: AppConfig,
  options: { logger?: false } = {},
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: options.logger === false ? false : nestLogger(createRootLogger(config.log)),
  });
  app.enableShutdownHooks();
  return app;
}

/** The worker entry point: validated configuration, then the worker, or a clear message and exit 1. */
export async function startWorker(): Promise<INestApplicationContext> {
  const config = loadConfigOrExit();
  try {
    const app = await createWorker(config);
    console.log(`Nexus worker ${process.pid} ready`);
    // SIGTERM: running jobs get SHUTDOWN_GRACE_MS to finish, are handed back, then the connections close.
    exitIfStuck(config.shutdownGraceMs + 5000, 'Nexus worker');
    return app;
  } catch (error) {
    if (!(error instanceof JobWiringError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
