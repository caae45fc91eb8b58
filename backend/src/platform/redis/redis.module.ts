import { Global, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { AppConfig } from '../config/index.js';
import { SoftCache } from './soft-cache.js';

export const REDIS = Symbol('REDIS');
/**
 * The connection of the caches (whitelist, trending, scans, rarity): no offline queue and a command
 * timeout, so a Redis that is away or slow costs a cache miss, never a request waiting on it.
 */
export const REDIS_CACHE = Symbol('REDIS_CACHE');

/** A cache write (a scan's list is megabytes) may take this long before it is given up. */
const CACHE_COMMAND_TIMEOUT_MS = 5000;

/**
 * Waits (at most `withinMs`) for a connection without an offline queue to be ready: for writes that
 * must happen (a worker's scan answer, an admin's change) across a start or a short reconnect.
 */
export async function untilReady(client: Redis, withinMs: number): Promise<void> {
  if (client.status === 'ready') return;
  if (withinMs <= 0) throw new Error(`Redis not connected (${client.status})`);
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      client.off('ready', ready);
      reject(new Error(`Redis not connected within ${withinMs} ms`));
    }, withinMs);
    client.once('ready', ready);
  });
}

/**
 * Commands whose answer a caller drops: ioredis subscribes again when a connection comes back
 * (`autoResubscribe`, in its ready handler) and the socket adapter unsubscribes when it closes,
 * neither handling the promise. A connection closed on purpose meanwhile (a shutdown just as Redis
 * is back) rejects them with "Connection is closed.", and an unhandled rejection ends the process.
 */
const ANSWERS_DROPPED_BY_CALLERS = [
  'subscribe',
  'psubscribe',
  'ssubscribe',
  'unsubscribe',
  'punsubscribe',
  'sunsubscribe',
] as const;

/** Marks the rejections of those commands handled; a caller that waits for one still gets it. */
export function handleDroppedAnswers(client: Redis): Redis {
  for (const name of ANSWERS_DROPPED_BY_CALLERS) {
    const command = client[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    const handled = (...args: unknown[]): Promise<unknown> => {
      const answer = command.apply(client, args);
      answer.catch(() => undefined);
      return answer;
    };
    Object.assign(client, { [name]: handled });
  }
  return client;
}

/** Opens and closes every Redis connection of a process (commands, subscribers, socket adapter). */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private readonly clients: Redis[] = [];

  constructor(private readonly config: AppConfig) {}

  open(name: string, options: RedisOptions = {}): Redis {
    const client = new Redis(this.config.redisUrl, {
      connectionName: `nexus:${name}`,
      maxRetriesPerRequest: 3,
      // In tests, a rejected command's error names the code that sent it (a stack per command).
      showFriendlyErrorStack: process.env.NODE_ENV === 'test',
      ...options,
    });
    // One line when a connection is lost and one when it is back, not one per reconnect attempt.
    let lost = false;
    client.on('error', (error: Error) => {
      if (lost) return;
      lost = true;
      this.logger.warn(`Redis connection ${name} lost: ${error.message}`);
    });
    client.on('ready', () => {
      if (!lost) return;
      lost = false;
      this.logger.log(`Redis connection ${name} back`);
    });
    this.clients.push(client);
    return handleDroppedAnswers(client);
  }

  /** A connection that fails commands at once while disconnected instead of queueing them. */
  openCache(name: string): Redis {
    return this.open(name, {
      enableOfflineQueue: false,
      commandTimeout: CACHE_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
    });
  }

  /** Key of this deployment: every Redis key goes through here so tests can isolate theirs. */
  key(...parts: string[]): string {
    return [this.config.redisPrefix, ...parts].join(':');
  }

  async onApplicationShutdown(): Promise<void> {
    // quit() waits for Redis; a Redis that is away would hold the shutdown.
    await Promise.allSettled(
      this.clients.map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve(c.disconnect()))),
    );
  }
}

@Global()
@Module({
  providers: [
    RedisConnections,
    SoftCache,
    { provide: REDIS, inject: [RedisConnections], useFactory: (c: RedisConnections) => c.open('commands') },
    {
      provide: REDIS_CACHE,
      inject: [RedisConnections],
      useFactory: (c: RedisConnections) => c.openCache('cache'),
    },
  ],
  exports: [RedisConnections, REDIS, REDIS_CACHE, SoftCache],
})
export class RedisModule {}
