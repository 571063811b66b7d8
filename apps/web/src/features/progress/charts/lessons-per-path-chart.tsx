import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { TProgressSummaryResponse } from '@polski/contracts';
import { HUBS } from '../../../config/hubs';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';

/** Lessons completed of each learning path's lessons, as stacked horizontal bars (completed, then the rest). */
export function LessonsPerPathChart({ hubs }: { hubs: TProgressSummaryResponse['hubs'] }) {
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
          { label: 'Completed', data: rows.map((r) => r.completed), backgroundColor: COLORS.brand },
          {
            label: 'Not yet',
            data: rows.map((r) => r.total - r.completed),
            backgroundColor: COLORS.remaining,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, beginAtZero: true, ticks: { precision: 0 }, grid: { color: COLORS.grid } },
          y: { stacked: true, grid: { display: false } },
        },
      },
    }),
    [rows],
  );
  const completed = rows.reduce((n, r) => n + r.completed, 0);
  const total = rows.reduce((n, r) => n + r.total, 0);
  const started = rows.filter((r) => r.completed > 0).length;
  const summary = `${completed} of ${total} lessons completed, in ${started} of ${rows.length} learning paths.`;
  return (
    <figure className="progress-chart">
      <figcaption>Lessons completed per learning path</figcaption>
      <ChartCanvas config={config} summary={summary} className="chart-box-paths" />
      <p className="progress-chart-legend">
        <span className="legend-completed" aria-hidden="true" /> Completed{' '}
        <span className="legend-remaining" aria-hidden="true" /> Not yet
      </p>
      <DataTable
        caption="Lessons completed per learning path"
        head={['Learning path', 'Completed', 'Lessons', 'Percent']}
        rows={rows.map((r) => [r.title, r.completed, r.total, `${r.percent}%`])}
      />
    </figure>
  );
}

function emptyHub(id: string) {
  return { id, completed: 0, total: 0, percent: 0 };
}
