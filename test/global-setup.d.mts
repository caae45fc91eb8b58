/** Jest global setup: a fresh migrated test database and the dev chains of NEXUS_TEST_SLOT. */
export default function globalSetup(): Promise<void>;
