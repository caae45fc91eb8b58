// Jest global setup: for each slot of the suite (one per jest worker, see test/slots.mjs), a fresh
// migrated test database and the dev chains on the slot's ports.
// It runs the compiled workspaces (npm test builds them first; `npx tsc -b` when running jest alone).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { slotResources, suiteSlots, testArtifactsDir } from './slots.mjs';

const root = process.cwd();

async function recreateDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const orm = await MikroORM.init({
    clientUrl: admin.toString(),
    entities: [],
    discovery: { warnWhenNoEntities: false },
  });
  try {
    await orm.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
    await orm.em.getConnection().execute(`create database "${name}"`);
  } finally {
    await orm.close(true);
  }
}

async function prepareSlot(slot, migrate, startDevchain, artifactsDir) {
  const { stateDir, databaseUrl, ports } = slotResources(slot, root);
  mkdirSync(stateDir, { recursive: true });
  await recreateDatabase(databaseUrl);
  await migrate(databaseUrl);
  rmSync(resolve(stateDir, 'devchain.json'), { force: true });
  return startDevchain ? startDevchain({ dir: stateDir, ports, artifactsDir, log: () => undefined }) : null;
}

export default async function globalSetup(globalConfig) {
  const migrateModule = resolve(root, 'backend/dist/platform/database/migrate.js');
  if (!existsSync(migrateModule)) throw new Error('Build first: npx tsc -b (npm test does it)');
  const { migrate: migrateWith } = await import(migrateModule);
  // The migrator is handed the domains' entities, as the API hands them (backend/src/entities.ts).
  const { ENTITIES } = await import(resolve(root, 'backend/dist/entities.js'));
  const migrate = (databaseUrl) => migrateWith(databaseUrl, ENTITIES);
  const devchainModule = resolve(root, 'deploy/dist/devchain/src/index.js');
  const startDevchain =
    process.env.NEXUS_TEST_CHAIN !== 'off' && existsSync(devchainModule)
      ? (await import(devchainModule)).startDevchain
      : null;
  const slots = suiteSlots(globalConfig?.maxWorkers ?? 1);
  const started = Date.now();
  // The contracts compiled once for every slot: solc-js takes seconds and blocks this process.
  const artifactsDir = testArtifactsDir(root);
  if (startDevchain) {
    const { compileContracts } = await import(resolve(root, 'deploy/dist/devchain/src/solidity.compiler.js'));
    await compileContracts({ artifactsDir });
  }
  const chains = await Promise.all(
    slots.map((slot) => prepareSlot(slot, migrate, startDevchain, artifactsDir)),
  );
  globalThis.__nexusDevchains = chains.filter(Boolean);
  if (startDevchain) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`\n[nexus] test slots ${slots.join(', ')}: dev chains ready in ${seconds} s`);
  }
}
