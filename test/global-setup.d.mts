/** Jest global setup: a fresh migrated test database and the dev chains of each slot of the suite. */
export default function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void>;
