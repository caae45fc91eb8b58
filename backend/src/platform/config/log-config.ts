import { LOG_LEVELS, type LogSettings } from '../logging/index.js';
import type { EnvReader } from './env-reader.js';

/** LOG_LEVEL (info unless set) and LOG_FORMAT (JSON lines in production, readable lines otherwise). */
export function parseLogSettings(reader: EnvReader, production: boolean): LogSettings {
  const { env } = reader;
  const level = (env.LOG_LEVEL || 'info') as LogSettings['level'];
  if (!LOG_LEVELS.includes(level))
    reader.problem(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  const format = (env.LOG_FORMAT || (production ? 'json' : 'pretty')) as LogSettings['format'];
  if (format !== 'json' && format !== 'pretty')
    reader.problem(`LOG_FORMAT must be json or pretty (got "${env.LOG_FORMAT}")`);
  return { level, format };
}
