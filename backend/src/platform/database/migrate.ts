import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, type Entities } from './mikro-orm.config.js';

/** The database name of a URL, refused unless it is plain (it is quoted into DDL). */
export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name in DATABASE_URL: "${name}"`);
  return name;
}

/** Runs SQL on the server's maintenance database (`postgres`), e.g. to create or drop a database. */
export async function onMaintenanceDatabase<T extends object = object>(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<T> {
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const orm = await MikroORM.init({
    clientUrl: maintenance.toString(),
    entities: [],
    discovery: { warnWhenNoEntities: false },
  });
  try {
    return (await orm.em.getConnection().execute(sql, params)) as T;
  } finally {
    await orm.close(true);
  }
}

/** Creates the database when it does not exist yet (a fresh machine has only the defaults). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  const rows = await onMaintenanceDatabase<Array<{ n: number }>>(
    databaseUrl,
    'select count(*)::int as n from pg_database where datname = ?',
    [name],
  );
  if (rows[0]?.n === 0) await onMaintenanceDatabase(databaseUrl, `create database "${name}"`);
}

/** Brings the schema up to date; run by the API at start (never by workers). */
export async function migrate(databaseUrl: string, entities: Entities): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const orm = await MikroORM.init(ormConfig(databaseUrl, entities));
  try {
    const done = await orm.migrator.up();
    return done.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
