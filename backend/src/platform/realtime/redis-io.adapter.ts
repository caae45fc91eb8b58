import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig } from '../config/index.js';
import { ConnectionRefusalsRepository } from '../connections/index.js';
import { RedisConnections } from '../redis/index.js';
import { RateLimiterService, SuspiciousIpService } from '../security/index.js';
import { SocketLimits } from './socket-limits.js';

/**
 * The largest message a client may send (engine.io's default is 1 MB): a subscription is a scan
 * key of about 60 bytes, and a polling request carries a few.
 */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * Socket.IO over the Redis adapter: a client connected to any API node receives events emitted by
 * any other node or by a worker (through the Redis emitter with the same key).
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly adapter: ReturnType<typeof createAdapter>;
  readonly limits: SocketLimits;

  constructor(app: INestApplicationContext) {
    super(app);
    const connections = app.get(RedisConnections);
    this.adapter = createAdapter(connections.open('socket-pub'), connections.open('socket-sub'), {
      key: connections.key('socket.io'),
    });
    const config = app.get<AppConfig>(AppConfig);
    const limiter = app.get(RateLimiterService, { strict: false });
    const suspicious = app.get(SuspiciousIpService, { strict: false });
    const refusals = app.get(ConnectionRefusalsRepository, { strict: false });
    this.limits = new SocketLimits(config.connectionLimits, {
      consume: (policy, key) => limiter.consume(policy, key),
      breach: (key) => void suspicious.recordRateLimitBreach(key),
      refused: (kind) => refusals.record(kind),
    });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      allowRequest: this.limits.allowRequest,
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    } as ServerOptions) as Server;
    server.adapter(this.adapter);
    this.limits.attach(server);
    return server;
  }
}
