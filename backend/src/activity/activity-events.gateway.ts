import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import {
  activityNetworkRoom,
  activityRoom,
  parseActivityKey,
  SocketEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@nexus/contract';
import type { Socket } from 'socket.io';

type ActivitySocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/**
 * Browsers follow a collection's or a wallet's activity by its key; the transfer index's events
 * arrive through the Redis adapter from the workers. A follower of any key of a network also joins
 * the network's room, where its reorganisations are told (rare, and one room per network).
 */
@WebSocketGateway()
export class ActivityEventsGateway {
  @SubscribeMessage(SocketEvent.ActivitySubscribe)
  async subscribe(@ConnectedSocket() socket: ActivitySocket, @MessageBody() key: unknown): Promise<boolean> {
    const parts = typeof key === 'string' ? parseActivityKey(key) : null;
    // A socket closed meanwhile has left its rooms already: joining now would keep the room for ever.
    if (!parts || socket.disconnected) return false;
    await socket.join([activityRoom(key as string), activityNetworkRoom(parts.network)]);
    return true;
  }

  @SubscribeMessage(SocketEvent.ActivityUnsubscribe)
  async unsubscribe(@ConnectedSocket() socket: ActivitySocket, @MessageBody() key: unknown): Promise<void> {
    if (typeof key === 'string') await socket.leave(activityRoom(key));
  }
}
