// The `jest` object of the light runner's workers (jest.config.js: setupFilesAfterEnv), in place of
// the runner's own, which lacks the async timer calls: jest's mocks and modern fake timers, as the
// default runner gives them.
import { ModernFakeTimers } from '@jest/fake-timers';
import { ModuleMocker } from 'jest-mock';

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

globalThis.jest = jest;
