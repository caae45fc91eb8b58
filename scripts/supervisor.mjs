// Keeps the processes of `npm start` running: one that dies is restarted, the others carry on.
import { log, startProcess } from './lib.mjs';

export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000, stableMs: 60_000 };

function seconds(ms) {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * One supervised process. It is restarted whenever it exits unless `stop()` was called: after
 * `initialMs`, doubling up to `maxMs` while it keeps crashing; a run that lasted `stableMs` resets
 * the delay. `start()` resolves once the first run printed its ready line and rejects if that run
 * ends first (a process that cannot start at all is a configuration problem, not a crash).
 */
export class Supervisor {
  constructor(
    name,
    args,
    { env = {}, readyLine, backoff = {}, say = log, spawnProcess = startProcess } = {},
  ) {
    this.name = name;
    this.args = args;
    this.env = env;
    this.readyLine = readyLine;
    this.backoff = { ...DEFAULT_BACKOFF, ...backoff };
    this.say = say;
    this.spawnProcess = spawnProcess;
    this.delayMs = this.backoff.initialMs;
    this.child = null;
    this.timer = null;
    this.stopping = false;
    this.restarts = 0;
    this.everReady = false;
  }

  start() {
    return this.run(true);
  }

  run(first) {
    const { child, ready } = this.spawnProcess(this.name, this.args, {
      env: this.env,
      readyLine: this.readyLine,
    });
    this.child = child;
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      if (first && !this.everReady) return; // start() rejects; the launcher decides
      if (Date.now() - startedAt >= this.backoff.stableMs) this.delayMs = this.backoff.initialMs;
      const delay = this.delayMs;
      this.delayMs = Math.min(this.delayMs * 2, this.backoff.maxMs);
      this.say(`${this.name} exited (${signal ?? code}); restarting in ${seconds(delay)}`);
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.stopping) return;
        this.restarts += 1;
        void this.run(false);
      }, delay);
    });
    return ready.then(
      () => {
        this.everReady = true;
        if (!first) this.say(`${this.name} restarted`);
        return child;
      },
      (error) => {
        // A restarted process that never prints its ready line is still watched; only the first matters.
        if (first) throw error;
        return child;
      },
    );
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** From now on an exit is final (Ctrl-C reaches every process of the terminal at once). */
  stopRestarting() {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. No restart follows. */
  stop(graceMs = 30_000) {
    this.stopRestarting();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => {
        this.say(`${this.name} did not stop within ${seconds(graceMs)}; killing it`);
        child.kill('SIGKILL');
      }, graceMs);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}
