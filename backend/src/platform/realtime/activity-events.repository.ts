import { Inject, Injectable } from '@nestjs/common';
import {
  activityKey,
  activityNetworkRoom,
  activityRoom,
  scanKey,
  scanRoom,
  SocketEvent,
  type ActivityReorg,
  type HistoryProgress,
  type ServerToClientEvents,
  type TransfersIndexed,
} from '@nexus/contract';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { REDIS, RedisConnections } from '../redis/index.js';

/**
 * The transfer index's live events, through the Socket.IO Redis emitter (the key the API's adapter
 * listens on): a digest per collection and wallet room, and reorganisations per network.
 */
@Injectable()
export class ActivityEventsRepository {
  private emitter: Emitter<ServerToClientEvents> | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
  ) {}

  private socket(): Emitter<ServerToClientEvents> {
    this.emitter ??= new Emitter<ServerToClientEvents>(this.redis, {
      key: this.connections.key('socket.io'),
    });
    return this.emitter;
  }

  transfers(events: Iterable<TransfersIndexed>): void {
    for (const event of events) this.socket().to(activityRoom(event.key)).emit(SocketEvent.Transfers, event);
  }

  reorg(event: ActivityReorg): void {
    this.socket().to(activityNetworkRoom(event.network)).emit(SocketEvent.Reorg, event);
  }

  /** A collection's history moved on: its activity room and the room of its scan (the overlay). */
  history(event: HistoryProgress): void {
    this.socket()
      .to([
        activityRoom(activityKey('collection', event.network, event.contract)),
        scanRoom(scanKey('collection', event.network, event.contract)),
      ])
      .emit(SocketEvent.History, event);
  }
}
