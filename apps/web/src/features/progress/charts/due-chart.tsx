import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { TProgressHistoryResponse } from '@polski/contracts';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';
import { longDay, shortDay } from './days';

/** Reviews falling due on each of the next 30 days (today's include the overdue ones), as bars. */
export function DueChart({ history }: { history: TProgressHistoryResponse }) {
  const days = history.due;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: days.map((d, i) => (i === 0 ? 'Today' : shortDay(d.day))),
        datasets: [{ label: 'Reviews due', data: days.map((d) => d.count), backgroundColor: COLORS.brand }],
      },
      options: {
        maintainAspectRatio: false,
        scales: {
          x: { grid: { display: false }, ticks: { maxTicksLimit: 8, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: COLORS.grid } },
        },
      },
    }),
    [days],
  );
  const total = days.reduce((n, d) => n + d.count, 0);
  const busiest = days.reduce<(typeof days)[number] | undefined>(
    (a, d) => (d.count > (a?.count ?? 0) ? d : a),
    undefined,
  );
  const summary =
    total === 0
      ? 'No reviews due in the next 30 days.'
      : `${total} ${total === 1 ? 'review' : 'reviews'} due in the next 30 days, ${days[0]?.count ?? 0} of them today` +
        (busiest ? `; the busiest day is ${longDay(busiest.day)} with ${busiest.count}.` : '.');
  return (
    <figure className="progress-chart">
      <figcaption>Reviews due in the next 30 days</figcaption>
      <ChartCanvas config={config} summary={summary} />
      <DataTable
        caption="Reviews due each day"
        head={['Day', 'Reviews due']}
        rows={days.map((d, i) => [i === 0 ? `Today (${longDay(d.day)})` : longDay(d.day), d.count])}
      />
    </figure>
  );
}
