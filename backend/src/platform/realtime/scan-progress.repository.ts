import { Injectable } from '@nestjs/common';
import {
  scanRoom,
  SocketEvent,
  type MetadataFilled,
  type ScanCompleted,
  type ScanFailed,
  type ScanProgress,
} from '@nexus/contract';
import { SocketEventsRepository } from './socket-events.repository.js';

/** Terminal event of a scan, as published for waiting API requests. */
export type ScanOutcome = { type: 'completed'; event: ScanCompleted } | { type: 'failed'; event: ScanFailed };

const PROGRESS_TTL_S = 3600;

/**
 * The live state of scans in Redis: the latest progress per key (for late subscribers), socket events
 * to the scan's room through the Socket.IO Redis emitter (any API node delivers them), and terminal
 * outcomes on a channel that API requests wait on.
 */
@Injectable()
export class ScanProgressRepository extends SocketEventsRepository {
  get outcomeChannel(): string {
    return this.connections.key('scan-outcomes');
  }

  private progressKey(key: string): string {
    return this.connections.key('progress', key);
  }

  async get(key: string): Promise<ScanProgress | null> {
    const raw = await this.redis.get(this.progressKey(key));
    return raw ? (JSON.parse(raw) as ScanProgress) : null;
  }

  async publish(progress: ScanProgress): Promise<void> {
    this.socket().to(scanRoom(progress.key)).emit(SocketEvent.Progress, progress);
    await this.redis.set(this.progressKey(progress.key), JSON.stringify(progress), 'EX', PROGRESS_TTL_S);
  }

  /** API nodes hear the outcome (and forget cached copies) before browsers are told to fetch. */
  async complete(event: ScanCompleted): Promise<void> {
    await this.redis.publish(
      this.outcomeChannel,
      JSON.stringify({ type: 'completed', event } satisfies ScanOutcome),
    );
    this.socket().to(scanRoom(event.key)).emit(SocketEvent.Completed, event);
  }

  async fail(event: ScanFailed): Promise<void> {
    await this.redis.publish(
      this.outcomeChannel,
      JSON.stringify({ type: 'failed', event } satisfies ScanOutcome),
    );
    this.socket().to(scanRoom(event.key)).emit(SocketEvent.Failed, event);
  }

  /** Browsers showing the collection read its NFTs again. */
  metadataFilled(event: MetadataFilled): void {
    this.socket().to(scanRoom(event.key)).emit(SocketEvent.MetadataFilled, event);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.progressKey(key));
  }
}
