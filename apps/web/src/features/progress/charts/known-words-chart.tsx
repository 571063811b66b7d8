import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { TProgressHistoryResponse } from '@polski/contracts';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';
import { longDay, shortDay } from './days';

/** Words known at the end of each day of the window, as a line. */
export function KnownWordsChart({ history }: { history: TProgressHistoryResponse }) {
  const points = history.knownWords;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'line',
      data: {
        labels: points.map((p) => shortDay(p.day)),
        datasets: [
          {
            label: 'Words known',
            data: points.map((p) => p.known),
            borderColor: COLORS.brand,
            backgroundColor: COLORS.brandSoft,
            fill: true,
            pointRadius: 0,
            stepped: true,
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { grid: { display: false }, ticks: { maxTicksLimit: 7, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: COLORS.grid } },
        },
      },
    }),
    [points],
  );
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `Words known: ${last.known} today, ${first.known} on ${longDay(first.day)}.`
      : 'Words known: none yet.';
  // one row a week (its last day), so the table stays short
  const weekly = points.filter((_p, i) => (points.length - 1 - i) % 7 === 0);
  return (
    <figure className="progress-chart">
      <figcaption>Words known over time</figcaption>
      <ChartCanvas config={config} summary={summary} />
      <DataTable
        caption="Words known at the end of each week"
        head={['Day', 'Words known']}
        rows={weekly.map((p) => [longDay(p.day), p.known])}
      />
    </figure>
  );
}
