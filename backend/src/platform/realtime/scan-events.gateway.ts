import { SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  parseScanKey,
  scanRoom,
  SocketEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@nexus/contract';
import type { Server } from 'socket.io';
import { joinOpen, leaveKeyRoom, type ClientSocket } from './rooms.js';
import { ScanProgressRepository } from './scan-progress.repository.js';

/** Browsers subscribe to a scan key; progress arrives through the Redis adapter from the workers. */
@WebSocketGateway()
export class ScanEventsGateway {
  @WebSocketServer() private readonly server!: Server<ClientToServerEvents, ServerToClientEvents>;

  constructor(private readonly progress: ScanProgressRepository) {}

  /** Browsers connected to any API process (the Redis adapter asks the others). */
  async connectedClients(): Promise<number> {
    return (await this.server.fetchSockets()).length;
  }

  /**
   * Joins the scan's room and answers the current state at once (late subscribers). A handler
   * without parameter decorators is given the socket and the message body, in that order.
   */
  @SubscribeMessage(SocketEvent.Subscribe)
  async subscribe(socket: ClientSocket, key: unknown): Promise<SubscribeAck> {
    if (typeof key !== 'string' || !parseScanKey(key) || !(await joinOpen(socket, scanRoom(key)))) {
      return { progress: null };
    }
    return { progress: await this.progress.get(key) };
  }

  @SubscribeMessage(SocketEvent.Unsubscribe)
  unsubscribe(socket: ClientSocket, key: unknown): Promise<void> {
    return leaveKeyRoom(socket, key, scanRoom);
  }
}
