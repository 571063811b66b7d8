import { useMemo } from 'react';
import type { ChartConfiguration, ScriptableContext } from 'chart.js';
import { HISTORY_WEEKS, type TProgressHistoryResponse } from '@polski/contracts';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';
import { daysBetween, fullDay, shortDay, weekdayIndex } from './days';

interface TCell {
  x: number;
  y: number;
  day: string;
  items: number;
  frozen: boolean;
}

const WEEKDAYS = ['Mon', '', 'Wed', '', 'Fri', '', 'Sun'];

/** The colour of a day: nothing, a freeze, or one of four levels of items done. */
export function cellColor(cell: Pick<TCell, 'items' | 'frozen'>): string {
  if (cell.frozen) return COLORS.frozen;
  if (cell.items <= 0) return COLORS.empty;
  const level = cell.items <= 2 ? 0 : cell.items <= 5 ? 1 : cell.items <= 10 ? 2 : 3;
  return COLORS.levels[level];
}

/** Every day of the window as a square: a column per week (Monday first), coloured by the items done. */
export function ActivityCalendar({ history }: { history: TProgressHistoryResponse }) {
  const byDay = useMemo(() => new Map(history.activity.map((a) => [a.day, a])), [history.activity]);
  const cells = useMemo<TCell[]>(
    () =>
      daysBetween(history.from, history.today).map((day, i) => {
        const a = byDay.get(day);
        return {
          x: Math.floor(i / 7),
          y: weekdayIndex(day),
          day,
          items: a?.items ?? 0,
          frozen: a?.frozen ?? false,
        };
      }),
    [history.from, history.today, byDay],
  );
  const config = useMemo(() => {
    const cell = (c: ScriptableContext<'matrix'>) => c.raw as TCell;
    const config: ChartConfiguration<'matrix', TCell[]> = {
      type: 'matrix',
      data: {
        datasets: [
          {
            label: 'Activity',
            data: cells,
            backgroundColor: (c) => cellColor(cell(c)),
            borderWidth: 0,
            borderRadius: 2,
            width: ({ chart }) => Math.max(2, (chart.chartArea?.width ?? 0) / HISTORY_WEEKS - 3),
            height: ({ chart }) => Math.max(2, (chart.chartArea?.height ?? 0) / 7 - 3),
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => fullDay((items[0]?.raw as TCell).day),
              label: (item) => {
                const c = item.raw as TCell;
                return c.frozen ? 'Streak freeze' : `${c.items} ${c.items === 1 ? 'item' : 'items'}`;
              },
            },
          },
        },
        scales: {
          x: {
            type: 'linear',
            min: -0.5,
            max: HISTORY_WEEKS - 0.5,
            offset: false,
            grid: { display: false },
            border: { display: false },
            // a tick on each week (the scale would put them between the columns)
            afterBuildTicks: (scale) => {
              scale.ticks = Array.from({ length: HISTORY_WEEKS }, (_v, value) => ({ value }));
            },
            ticks: {
              autoSkip: false,
              maxRotation: 0,
              // the month's name over the first week that starts in it
              callback: (value) => {
                const week = Number(value);
                const monday = cells[week * 7]?.day;
                const before = cells[(week - 1) * 7]?.day;
                if (!monday) return '';
                return !before || before.slice(5, 7) !== monday.slice(5, 7)
                  ? shortDay(monday).split(' ')[0]
                  : '';
              },
            },
          },
          y: {
            type: 'linear',
            min: -0.5,
            max: 6.5,
            reverse: true,
            offset: false,
            grid: { display: false },
            border: { display: false },
            afterBuildTicks: (scale) => {
              scale.ticks = WEEKDAYS.map((_d, value) => ({ value }));
            },
            ticks: { autoSkip: false, callback: (value) => WEEKDAYS[Number(value)] ?? '' },
          },
        },
      },
    };
    return config as unknown as ChartConfiguration;
  }, [cells]);

  const active = history.activity.filter((a) => !a.frozen && (a.lessons > 0 || a.reviews > 0));
  const frozen = history.activity.filter((a) => a.frozen);
  const summary =
    `Active on ${active.length} of the last ${cells.length} days` +
    (frozen.length ? `, ${frozen.length} more kept by a streak freeze.` : '.');
  return (
    <figure className="progress-chart progress-chart-wide">
      <figcaption>Daily activity</figcaption>
      <ChartCanvas config={config} summary={summary} className="chart-box-calendar" />
      <p className="progress-chart-legend">
        Darker days: more lessons and reviews. <span className="legend-frozen" aria-hidden="true" /> Blue: a
        streak freeze.
      </p>
      <DataTable
        caption="Days with activity or a streak freeze"
        head={['Day', 'Lessons', 'Reviews', 'Minutes', 'Streak freeze']}
        rows={history.activity.map((a) => [
          fullDay(a.day),
          a.lessons,
          a.reviews,
          a.minutes,
          a.frozen ? 'Yes' : 'No',
        ])}
      />
    </figure>
  );
}
