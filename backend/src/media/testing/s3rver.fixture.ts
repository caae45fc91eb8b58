import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { S3StorageConfig } from '../s3.media-storage.js';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rverServer;

// s3rver ships without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export interface RunningS3rver {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** A storage configuration for `bucket` on this server. */
  config(bucket: string): S3StorageConfig;
  close(): Promise<void>;
}

/** A real S3 API (s3rver) on a loopback port, keeping its objects in a temporary directory. */
export async function startS3rver(): Promise<RunningS3rver> {
  const directory = await mkdtemp(join(tmpdir(), 'nexus-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: (bucket) => ({ endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
