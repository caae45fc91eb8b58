import { MikroORM } from '@mikro-orm/postgresql';
import type { ClientToServerEvents, ServerToClientEvents } from '@nexus/contract';
import type { Socket } from 'socket.io-client';
import { ENTITIES } from '../../../backend/src/entities.js';
import { ormConfig } from '../../../backend/src/platform/database/mikro-orm.config.js';
import { connectSocket } from '../../support/system.js';
import { startOutageSystem, type OutageSystem } from './outage-services.js';

/** A scenario's own system, an ORM on its PostgreSQL and a socket to its API. */
export interface OutageScenario {
  env: OutageSystem;
  orm: MikroORM;
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
}

/**
 * Starts the scenario's system (startOutageSystem) before the describe block's tests, with an ORM
 * and a socket on it, and closes the three after them; the fields are there from `beforeAll` on.
 */
export function useOutageScenario(options: Parameters<typeof startOutageSystem>[0]): OutageScenario {
  const scenario = {} as OutageScenario;

  beforeAll(async () => {
    scenario.env = await startOutageSystem(options);
    scenario.orm = await MikroORM.init(ormConfig(scenario.env.postgres.url, ENTITIES));
    scenario.socket = await connectSocket(scenario.env.system.url);
  }, 120_000);

  afterAll(async () => {
    scenario.socket?.disconnect();
    await scenario.orm?.close(true);
    await scenario.env?.close();
  }, 60_000);

  return scenario;
}
