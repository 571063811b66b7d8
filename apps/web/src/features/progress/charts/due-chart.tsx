import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { TProgressHistoryResponse } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';
import { longDay, shortDay } from './days';

/** Reviews falling due on each of the next 30 days (today's include the overdue ones), as bars. */
export function DueChart({ history }: { history: TProgressHistoryResponse }) {
  const t = useT();
  const { locale } = t;
  const days = history.due;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: days.map((d, i) => (i === 0 ? t('progress.charts.today') : shortDay(d.day, locale))),
        datasets: [
          {
            label: t('progress.charts.reviewsDue'),
            data: days.map((d) => d.count),
            backgroundColor: COLORS.brand,
          },
        ],
      },
      options: {
        locale,
        maintainAspectRatio: false,
        scales: {
          x: { grid: { display: false }, ticks: { maxTicksLimit: 8, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: COLORS.grid } },
        },
      },
    }),
    [days, t, locale],
  );
  const total = days.reduce((n, d) => n + d.count, 0);
  const busiest = days.reduce<(typeof days)[number] | undefined>(
    (a, d) => (d.count > (a?.count ?? 0) ? d : a),
    undefined,
  );
  const summary =
    total === 0
      ? t('progress.charts.due.none')
      : busiest
        ? t('progress.charts.due.summaryBusiest', {
            total,
            today: days[0]?.count ?? 0,
            day: longDay(busiest.day, locale),
            count: busiest.count,
          })
        : t('progress.charts.due.summary', { total, today: days[0]?.count ?? 0 });
  return (
    <figure className="progress-chart">
      <figcaption>{t('progress.charts.due.title')}</figcaption>
      <ChartCanvas config={config} summary={summary} />
      <DataTable
        caption={t('progress.charts.due.caption')}
        head={[t('progress.charts.day'), t('progress.charts.reviewsDue')]}
        rows={days.map((d, i) => [
          i === 0 ? `${t('progress.charts.today')} (${longDay(d.day, locale)})` : longDay(d.day, locale),
          d.count,
        ])}
      />
    </figure>
  );
}
