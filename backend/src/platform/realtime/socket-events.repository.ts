import type { ServerToClientEvents } from '@nexus/contract';
import { Emitter } from '@socket.io/redis-emitter';
import { RedisRepository } from '../redis/index.js';

/**
 * Socket events sent from any process, API or worker, through the Socket.IO Redis emitter on the
 * key the API's adapter listens on: every API process delivers them to its sockets in the room.
 */
export abstract class SocketEventsRepository extends RedisRepository {
  private emitter: Emitter<ServerToClientEvents> | null = null;

  protected socket(): Emitter<ServerToClientEvents> {
    this.emitter ??= new Emitter<ServerToClientEvents>(this.redis, {
      key: this.connections.key('socket.io'),
    });
    return this.emitter;
  }
}
