import type { ReactNode } from 'react';
import { formatCount } from '../lib/format';
import './stat-tile.css';

interface StatTileProps {
  label: string;
  /** A number is counted with separators; a value not known yet (undefined) shows a dash. */
  value: ReactNode;
  testId?: string | undefined;
  /** A variant: `stat-tile--compact`, a tone. */
  className?: string;
}

/** One figure under its label: an item of a `<dl>`. */
export function StatTile({ label, value, testId, className }: StatTileProps) {
  return (
    <div className={className ? `stat-tile ${className}` : 'stat-tile'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value === undefined ? '–' : typeof value === 'number' ? formatCount(value) : value}
      </dd>
    </div>
  );
}
