/** The log levels LOG_LEVEL accepts, most severe first. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** How a process logs (LOG_LEVEL, LOG_FORMAT), read by the configuration. */
export interface LogSettings {
  level: (typeof LOG_LEVELS)[number];
  format: 'json' | 'pretty';
}
