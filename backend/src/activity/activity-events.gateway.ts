import { type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { activityNetworkRoom, activityRoom, parseActivityKey, SocketEvent } from '@nexus/contract';
import type { Server } from 'socket.io';
import { joinOpen, leaveKeyRoom, type ClientSocket } from '../platform/realtime/index.js';
import { HISTORY_WATCH_MS, TransferHistoryWatch } from '../transfer-index/index.js';

/** How often the collections followed in this process are told to the history watch (well within its window). */
const LOOK_EVERY_MS = HISTORY_WATCH_MS / 4;
const ROOM_PREFIX = activityRoom('');

/**
 * Browsers follow a collection's or a wallet's activity by its key; the transfer index's events
 * arrive through the Redis adapter from the workers. A follower of any key of a network also joins
 * the network's room, where its reorganisations are told (rare, and one room per network). Where a
 * network's index is off, a collection followed here keeps its history followed at the head.
 */
@WebSocketGateway()
export class ActivityEventsGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private readonly server!: Server;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly history: TransferHistoryWatch) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.lookAtFollowed(), LOOK_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  @SubscribeMessage(SocketEvent.ActivitySubscribe)
  async subscribe(socket: ClientSocket, key: unknown): Promise<boolean> {
    const parts = typeof key === 'string' ? parseActivityKey(key) : null;
    if (
      !parts ||
      !(await joinOpen(socket, [activityRoom(key as string), activityNetworkRoom(parts.network)]))
    ) {
      return false;
    }
    if (parts.scope === 'collection')
      await this.history.viewed(parts.network, parts.address).catch(() => null);
    return true;
  }

  @SubscribeMessage(SocketEvent.ActivityUnsubscribe)
  unsubscribe(socket: ClientSocket, key: unknown): Promise<void> {
    return leaveKeyRoom(socket, key, activityRoom);
  }

  /** Collections someone follows in this process: still looked at, so their histories stay followed. */
  private async lookAtFollowed(): Promise<void> {
    const rooms = this.server?.sockets?.adapter?.rooms;
    if (!rooms) return;
    for (const room of rooms.keys()) {
      if (!room.startsWith(ROOM_PREFIX)) continue;
      const parts = parseActivityKey(room.slice(ROOM_PREFIX.length));
      if (parts?.scope !== 'collection') continue;
      await this.history.viewed(parts.network, parts.address).catch(() => null);
    }
  }
}
