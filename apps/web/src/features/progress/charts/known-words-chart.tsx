import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { TProgressHistoryResponse } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';
import { longDay, shortDay } from './days';

/** Words known at the end of each day of the window, as a line. */
export function KnownWordsChart({ history }: { history: TProgressHistoryResponse }) {
  const t = useT();
  const { locale } = t;
  const points = history.knownWords;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'line',
      data: {
        labels: points.map((p) => shortDay(p.day, locale)),
        datasets: [
          {
            label: t('progress.page.wordsKnown'),
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
        locale,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { grid: { display: false }, ticks: { maxTicksLimit: 7, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: COLORS.grid } },
        },
      },
    }),
    [points, t, locale],
  );
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? t('progress.charts.known.summary', {
          today: last.known,
          then: first.known,
          day: longDay(first.day, locale),
        })
      : t('progress.charts.known.none');
  // one row a week (its last day), so the table stays short
  const weekly = points.filter((_p, i) => (points.length - 1 - i) % 7 === 0);
  return (
    <figure className="progress-chart">
      <figcaption>{t('progress.charts.known.title')}</figcaption>
      <ChartCanvas config={config} summary={summary} />
      <DataTable
        caption={t('progress.charts.known.caption')}
        head={[t('progress.charts.day'), t('progress.page.wordsKnown')]}
        rows={weekly.map((p) => [longDay(p.day, locale), p.known])}
      />
    </figure>
  );
}
