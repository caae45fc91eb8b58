import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import {
  parseScanKey,
  scanRoom,
  SocketEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@nexus/contract';
import type { Server, Socket } from 'socket.io';
import { ScanProgressRepository } from './scan-progress.repository.js';

type ScanSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** Browsers subscribe to a scan key; progress arrives through the Redis adapter from the workers. */
@WebSocketGateway()
export class ScanEventsGateway {
  @WebSocketServer() private readonly server!: Server<ClientToServerEvents, ServerToClientEvents>;

  constructor(private readonly progress: ScanProgressRepository) {}

  /** Browsers connected to any API process (the Redis adapter asks the others). */
  async connectedClients(): Promise<number> {
    return (await this.server.fetchSockets()).length;
  }

  /** Joins the scan's room and answers the current state at once (late subscribers). */
  @SubscribeMessage(SocketEvent.Subscribe)
  async subscribe(@ConnectedSocket() socket: ScanSocket, @MessageBody() key: unknown): Promise<SubscribeAck> {
    // A socket closed meanwhile (over its event budget) has left its rooms already: joining one
    // now would keep the room for ever.
    if (typeof key !== 'string' || !parseScanKey(key) || socket.disconnected) return { progress: null };
    await socket.join(scanRoom(key));
    return { progress: await this.progress.get(key) };
  }

  @SubscribeMessage(SocketEvent.Unsubscribe)
  async unsubscribe(@ConnectedSocket() socket: ScanSocket, @MessageBody() key: unknown): Promise<void> {
    if (typeof key === 'string') await socket.leave(scanRoom(key));
  }
}
