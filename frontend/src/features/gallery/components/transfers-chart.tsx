import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { TransfersPerDay } from '@nexus/contract';
import { formatCount } from '../../../lib/format';
import { TableHead } from '../../../components/table-head';
import 'uplot/dist/uPlot.min.css';

/** The theme's colours (global.css): a canvas cannot read CSS variables. */
const COLORS = { bar: '#22d3ee', axis: '#9aa5bd', grid: 'rgba(148, 163, 184, 0.14)' };
const HEIGHT = 180;

/** Whether the browser draws on a canvas at all (uPlot draws later, where a failure is out of reach). */
function canvasDraws(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** One sentence for those who do not see the bars: the total and the busiest day. */
export function transfersSummary(days: TransfersPerDay['days']): string {
  const total = days.reduce((sum, day) => sum + day.transfers, 0);
  if (total === 0) return `No transfers in the last ${days.length} days.`;
  const busiest = days.reduce((best, day) => (day.transfers > best.transfers ? day : best));
  return `${formatCount(total)} transfers in the last ${days.length} days; the busiest day was ${busiest.day} with ${formatCount(busiest.transfers)}.`;
}

/**
 * Transfers per UTC day as bars (uPlot draws on a canvas, so the figure says the same in a sentence
 * and a table for screen readers and keyboard users). Loaded only with the Activity view.
 */
export default function TransfersChart({ days }: { days: TransfersPerDay['days'] }) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    // Without a canvas the sentence and the table below still say it all.
    if (!element || !canvasDraws()) return undefined;
    const data: uPlot.AlignedData = [
      days.map((day) => daySeconds(day.day)),
      days.map((day) => day.transfers),
    ];
    const axis = { stroke: COLORS.axis, grid: { stroke: COLORS.grid, width: 1 }, ticks: { show: false } };
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [axis, { ...axis, size: 44 }],
        series: [
          {},
          {
            label: 'Transfers',
            fill: COLORS.bar,
            stroke: COLORS.bar,
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
            points: { show: false },
          },
        ],
      },
      data,
      element,
    );
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() =>
            plot.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }),
          );
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [days]);

  return (
    <figure className="transfers-chart" data-testid="transfers-chart">
      <figcaption>
        <h2>Transfers per day</h2>
        <p className="muted" data-testid="transfers-summary">
          {transfersSummary(days)}
        </p>
      </figcaption>
      <div ref={holder} className="transfers-chart__plot" aria-hidden="true" />
      <details className="transfers-chart__table">
        <summary>Show as a table</summary>
        <table className="activity__table">
          <TableHead columns={['Day (UTC)', 'Transfers']} />
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td>{formatCount(day.transfers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
