import { useMemo } from 'react';
import type { ChartConfiguration, ScriptableContext } from 'chart.js';
import { HISTORY_WEEKS, type TProgressHistoryResponse } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { ChartCanvas } from './chart-canvas';
import { COLORS } from './colors';
import { DataTable } from './data-table';
import { daysBetween, fullDay, monthName, weekdayIndex, weekdayName } from './days';

interface TCell {
  x: number;
  y: number;
  day: string;
  items: number;
  frozen: boolean;
}

/** The weekdays named beside the rows: Monday, Wednesday, Friday, Sunday. */
const NAMED_WEEKDAYS = [0, 2, 4, 6];

/** The colour of a day: nothing, a freeze, or one of four levels of items done. */
export function cellColor(cell: Pick<TCell, 'items' | 'frozen'>): string {
  if (cell.frozen) return COLORS.frozen;
  if (cell.items <= 0) return COLORS.empty;
  const level = cell.items <= 2 ? 0 : cell.items <= 5 ? 1 : cell.items <= 10 ? 2 : 3;
  return COLORS.levels[level];
}

/** Every day of the window as a square: a column per week (Monday first), coloured by the items done. */
export function ActivityCalendar({ history }: { history: TProgressHistoryResponse }) {
  const t = useT();
  const { locale } = t;
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
            label: t('progress.charts.activity.label'),
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
        locale,
        maintainAspectRatio: false,
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => fullDay((items[0]?.raw as TCell).day, locale),
              label: (item) => {
                const c = item.raw as TCell;
                return c.frozen
                  ? t('progress.charts.freeze')
                  : t('progress.charts.activity.items', { n: c.items });
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
                return !before || before.slice(5, 7) !== monday.slice(5, 7) ? monthName(monday, locale) : '';
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
              scale.ticks = Array.from({ length: 7 }, (_d, value) => ({ value }));
            },
            ticks: {
              autoSkip: false,
              callback: (value) =>
                NAMED_WEEKDAYS.includes(Number(value)) ? weekdayName(Number(value), locale) : '',
            },
          },
        },
      },
    };
    return config as unknown as ChartConfiguration;
  }, [cells, t, locale]);

  const active = history.activity.filter((a) => !a.frozen && (a.lessons > 0 || a.reviews > 0));
  const frozen = history.activity.filter((a) => a.frozen);
  const summary = t('progress.charts.activity.summary', {
    active: active.length,
    days: cells.length,
    frozen: frozen.length,
  });
  return (
    <figure className="progress-chart progress-chart-wide">
      <figcaption>{t('progress.charts.activity.title')}</figcaption>
      <ChartCanvas config={config} summary={summary} className="chart-box-calendar" />
      <p className="progress-chart-legend">
        {t('progress.charts.activity.darker')} <span className="legend-frozen" aria-hidden="true" />{' '}
        {t('progress.charts.activity.blue')}
      </p>
      <DataTable
        caption={t('progress.charts.activity.caption')}
        head={[
          t('progress.charts.day'),
          t('progress.charts.paths.lessons'),
          t('progress.charts.reviews'),
          t('progress.charts.minutes'),
          t('progress.charts.freeze'),
        ]}
        rows={history.activity.map((a) => [
          fullDay(a.day, locale),
          a.lessons,
          a.reviews,
          a.minutes,
          a.frozen ? t('progress.charts.yes') : t('progress.charts.no'),
        ])}
      />
    </figure>
  );
}
