/**
 * After SIGTERM or SIGINT a process has `afterMs` to stop gracefully; then it exits anyway, so that a
 * hung request or job never holds a restart (the launcher and Docker would kill it later still).
 */
export function exitIfStuck(afterMs: number, what: string): void {
  const arm = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      console.error(`${what} still stopping ${afterMs} ms after ${signal}; exiting`);
      process.exit(1);
    }, afterMs).unref();
  };
  process.once('SIGTERM', arm);
  process.once('SIGINT', arm);
}
