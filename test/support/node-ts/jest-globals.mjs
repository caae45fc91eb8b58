// `@jest/globals` under the light runner (hooks.mjs): the globals it installs in each worker.
export const { jest, expect, test, it, describe, beforeAll, afterAll, beforeEach, afterEach } = globalThis;
