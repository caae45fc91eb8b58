import { Injectable } from '@nestjs/common';
import {
  activityKey,
  activityNetworkRoom,
  activityRoom,
  scanKey,
  scanRoom,
  SocketEvent,
  type ActivityReorg,
  type HistoryProgress,
  type TransfersIndexed,
} from '@nexus/contract';
import { SocketEventsRepository } from './socket-events.repository.js';

/**
 * The transfer index's live events, through the Socket.IO Redis emitter (the key the API's adapter
 * listens on): a digest per collection and wallet room, and reorganisations per network.
 */
@Injectable()
export class ActivityEventsRepository extends SocketEventsRepository {
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
