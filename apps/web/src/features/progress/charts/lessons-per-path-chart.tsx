import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { TProgressSummaryResponse } from '@polski/contracts';
import { HUBS } from '../../../config/hubs';
import { useT } from '../../../lib/i18n/i18n';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';

/** Lessons completed of each learning path's lessons, as stacked horizontal bars (completed, then the rest). */
export function LessonsPerPathChart({ hubs }: { hubs: TProgressSummaryResponse['hubs'] }) {
  const t = useT();
  const { locale } = t;
  const rows = useMemo(
    () => HUBS.map((h) => ({ title: h.title, ...(hubs.find((x) => x.id === h.id) ?? emptyHub(h.id)) })),
    [hubs],
  );
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: rows.map((r) => r.title),
        datasets: [
          {
            label: t('progress.charts.completed'),
            data: rows.map((r) => r.completed),
            backgroundColor: COLORS.brand,
          },
          {
            label: t('progress.charts.notYet'),
            data: rows.map((r) => r.total - r.completed),
            backgroundColor: COLORS.remaining,
          },
        ],
      },
      options: {
        locale,
        indexAxis: 'y',
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, beginAtZero: true, ticks: { precision: 0 }, grid: { color: COLORS.grid } },
          y: { stacked: true, grid: { display: false } },
        },
      },
    }),
    [rows, t, locale],
  );
  const completed = rows.reduce((n, r) => n + r.completed, 0);
  const total = rows.reduce((n, r) => n + r.total, 0);
  const started = rows.filter((r) => r.completed > 0).length;
  const summary = t('progress.charts.paths.summary', { completed, total, started, paths: rows.length });
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  return (
    <figure className="progress-chart">
      <figcaption>{t('progress.charts.paths.title')}</figcaption>
      <ChartCanvas config={config} summary={summary} className="chart-box-paths" />
      <p className="progress-chart-legend">
        <span className="legend-completed" aria-hidden="true" /> {t('progress.charts.completed')}{' '}
        <span className="legend-remaining" aria-hidden="true" /> {t('progress.charts.notYet')}
      </p>
      <DataTable
        caption={t('progress.charts.paths.title')}
        head={[
          t('progress.charts.paths.path'),
          t('progress.charts.completed'),
          t('progress.charts.paths.lessons'),
          t('progress.charts.paths.percent'),
        ]}
        rows={rows.map((r) => [r.title, r.completed, r.total, percent.format(r.percent / 100)])}
      />
    </figure>
  );
}

function emptyHub(id: string) {
  return { id, completed: 0, total: 0, percent: 0 };
}
