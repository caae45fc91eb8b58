// Stops the dev chains the global setup started, one set per slot.
export default async function globalTeardown() {
  await Promise.all((globalThis.__nexusDevchains ?? []).map((devchain) => devchain.stop()));
}
