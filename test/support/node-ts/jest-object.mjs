// The light runner's workers (jest.config.js: setupFilesAfterEnv), made to behave as jest's own
// runner where our tests need it: the `jest` object with the async fake-timer calls, and a time
// bound on every test and hook (the runner has none, so a stuck test would hold the suite forever).
import { ModernFakeTimers } from '@jest/fake-timers';
import { bind } from 'jest-each';
import { ModuleMocker } from 'jest-mock';

/**
 * jest.config.js's `testTimeout`, the bound of a test or hook that names none; `npm test` gives every
 * test more (NEXUS_TEST_TIMEOUT_MS), as the browser tests' hooks start whole systems beside Chromium.
 */
const TEST_TIMEOUT_MS = Number(process.env.NEXUS_TEST_TIMEOUT_MS) || 60_000;

const mocker = new ModuleMocker(globalThis);
const timers = new ModernFakeTimers({ config: { fakeTimers: { enableGlobally: true } }, global: globalThis });

const jest = {
  fn: mocker.fn.bind(mocker),
  spyOn: mocker.spyOn.bind(mocker),
  clearAllMocks: () => (mocker.clearAllMocks(), jest),
  resetAllMocks: () => (mocker.resetAllMocks(), jest),
  restoreAllMocks: () => (mocker.restoreAllMocks(), jest),
  useFakeTimers: (config) => (timers.useFakeTimers(config), jest),
  useRealTimers: () => (timers.useRealTimers(), jest),
  setSystemTime: (time) => (timers.setSystemTime(time), jest),
  getRealSystemTime: () => timers.getRealSystemTime(),
  now: () => timers.now(),
  advanceTimersByTime: (ms) => (timers.advanceTimersByTime(ms), jest),
  advanceTimersByTimeAsync: async (ms) => (await timers.advanceTimersByTimeAsync(ms), jest),
  advanceTimersToNextTimer: (steps) => (timers.advanceTimersToNextTimer(steps), jest),
  advanceTimersToNextTimerAsync: async (steps) => (await timers.advanceTimersToNextTimerAsync(steps), jest),
  runAllTimers: () => (timers.runAllTimers(), jest),
  runAllTimersAsync: async () => (await timers.runAllTimersAsync(), jest),
  runOnlyPendingTimers: () => (timers.runOnlyPendingTimers(), jest),
  clearAllTimers: () => (timers.clearAllTimers(), jest),
  getTimerCount: () => timers.getTimerCount(),
};

// Taken before any test can install fake timers.
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;

/** `fn` (async, or taking jest's `done`) failing as jest's runner fails it after `timeoutMs`. */
function bounded(fn, timeoutMs = TEST_TIMEOUT_MS) {
  if (typeof fn !== 'function') return fn;
  return function run() {
    const body =
      fn.length >= 1
        ? new Promise((resolve, reject) => fn.call(this, (error) => (error ? reject(error) : resolve())))
        : Promise.resolve().then(() => fn.call(this));
    let timer;
    const expiry = new Promise((_, reject) => {
      timer = realSetTimeout(
        () => reject(new Error(`Exceeded timeout of ${timeoutMs} ms for a test or hook.`)),
        timeoutMs,
      );
    });
    return Promise.race([body, expiry]).finally(() => realClearTimeout(timer));
  };
}

/** A test function (`it`, `test`) whose bodies are bounded, with the variants our specs use. */
function boundedTest(original) {
  const wrapped = (name, fn, timeoutMs) => original(name, bounded(fn, timeoutMs));
  wrapped.only = (name, fn, timeoutMs) => original.only(name, bounded(fn, timeoutMs));
  wrapped.skip = original.skip;
  wrapped.todo = original.todo;
  wrapped.each = bind(wrapped);
  return wrapped;
}

globalThis.jest = jest;
globalThis.it = boundedTest(globalThis.it);
globalThis.test = boundedTest(globalThis.test);
for (const hook of ['beforeAll', 'afterAll', 'beforeEach', 'afterEach']) {
  const original = globalThis[hook];
  globalThis[hook] = (fn, timeoutMs) => original(bounded(fn, timeoutMs));
}
