import { Redis } from 'ioredis';
import {
  REDIS_SERVER,
  startRedis,
  type PrivateRedis,
} from '../../../../test/faults/support/outage-services.js';
import { describeWith } from '../../../../test/support/requirements.js';
import { handleDroppedAnswers } from './redis.module.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWith([REDIS_SERVER])('a Redis connection closed with a subscribe on its way', () => {
  let redis: PrivateRedis;
  let admin: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url);
  });

  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  /** A subscribe Redis holds (CLIENT PAUSE) while the connection is closed on purpose. */
  async function closedWhileSubscribing(client: Redis): Promise<{ answer: Promise<unknown> }> {
    client.on('error', () => undefined);
    await client.ping();
    await admin.call('client', 'pause', '300', 'ALL');
    const answer = client.subscribe('nexus:test:outcomes');
    await sleep(20);
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    client.disconnect();
    await ended;
    return { answer };
  }

  // ioredis drops this promise when it subscribes again after a reconnect: unhandled, its rejection
  // would fail this test (Jest reports it) and end a Node process.
  it('leaves no unhandled rejection when no one waits for the answer', async () => {
    await closedWhileSubscribing(handleDroppedAnswers(new Redis(redis.url)));
    await sleep(500);
  });

  it('still rejects for a caller who waits', async () => {
    const { answer } = await closedWhileSubscribing(handleDroppedAnswers(new Redis(redis.url)));
    await expect(answer).rejects.toThrow('Connection is closed.');
    await sleep(300);
  });
});
