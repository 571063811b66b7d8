import { render, screen, waitFor, within } from '@testing-library/react';
import type { ChartConfiguration } from 'chart.js';
import { COLORS } from './colors';
import { cellColor } from './activity-calendar';
import ProgressCharts from './progress-charts';
import { makeHistory, makeSummary } from '../testing/fixtures';

/** Chart.js needs a real canvas: the tests check what each chart is given, and the text beside it. */
const drawn = vi.hoisted(() => [] as { canvas: HTMLCanvasElement; config: unknown; destroyed: boolean }[]);
vi.mock('./chart-setup', () => ({
  Chart: class {
    entry: (typeof drawn)[number];
    constructor(canvas: HTMLCanvasElement, config: unknown) {
      this.entry = { canvas, config, destroyed: false };
      drawn.push(this.entry);
    }
    destroy() {
      this.entry.destroyed = true;
    }
  },
}));

afterEach(() => {
  drawn.length = 0;
});

function chartOf(name: string) {
  const canvas = screen.getByRole('img', { name });
  const entry = drawn.find((d) => d.canvas === canvas);
  if (!entry) throw new Error(`no chart drawn on "${name}"`);
  return entry.config as ChartConfiguration;
}

describe('the progress charts', () => {
  const history = makeHistory();
  const hubs = makeSummary().hubs;

  it('draws four charts, each an image named by what it shows', async () => {
    render(<ProgressCharts history={history} hubs={hubs} />);
    await waitFor(() => expect(drawn).toHaveLength(4));
    expect(
      screen.getByRole('img', { name: 'Words known: 25 today, 10 on February 16, 2026.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: '13 reviews due in the next 30 days, 4 of them today; the busiest day is March 4, 2026 with 9.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Active on 2 of the last 14 days, 1 more kept by a streak freeze.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: '3 of 90 lessons completed, in 1 of 9 learning paths.' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('gives each chart its data, and the same data as a table', async () => {
    render(<ProgressCharts history={history} hubs={hubs} />);
    await waitFor(() => expect(drawn).toHaveLength(4));

    const known = chartOf('Words known: 25 today, 10 on February 16, 2026.');
    expect(known.type).toBe('line');
    expect(known.data.datasets[0].data).toEqual([10, 10, 10, 10, 10, 10, 10, 25, 25, 25, 25, 25, 25, 25]);
    const knownTable = screen.getByRole('table', { name: 'Words known at the end of each week' });
    expect(
      within(knownTable)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayWords known', 'February 22, 202610', 'March 1, 202625']);

    const due = chartOf(
      '13 reviews due in the next 30 days, 4 of them today; the busiest day is March 4, 2026 with 9.',
    );
    expect(due.data.labels?.[0]).toBe('Today');
    expect(due.data.datasets[0].data.slice(0, 4)).toEqual([4, 0, 0, 9]);
    const dueTable = screen.getByRole('table', { name: 'Reviews due each day' });
    expect(within(dueTable).getAllByRole('row')).toHaveLength(31);
    expect(within(dueTable).getByRole('row', { name: 'Today (March 1, 2026) 4' })).toBeInTheDocument();

    const calendar = chartOf('Active on 2 of the last 14 days, 1 more kept by a streak freeze.');
    expect(calendar.type).toBe('matrix');
    const cells = calendar.data.datasets[0].data as unknown as {
      x: number;
      y: number;
      day: string;
      items: number;
    }[];
    expect(cells).toHaveLength(14);
    // Monday 16 February in the first column's first row, Sunday 1 March in the second column's last
    expect(cells[0]).toMatchObject({ x: 0, y: 0, day: '2026-02-16', items: 3 });
    expect(cells[13]).toMatchObject({ x: 1, y: 6, day: '2026-03-01', items: 12 });
    const activityTable = screen.getByRole('table', { name: 'Days with activity or a streak freeze' });
    expect(
      within(activityTable).getByRole('row', { name: 'Tuesday, February 17, 2026 0 0 0 Yes' }),
    ).toBeInTheDocument();

    const paths = chartOf('3 of 90 lessons completed, in 1 of 9 learning paths.');
    expect(paths.data.labels?.[0]).toBe('Complete Beginner');
    expect(paths.data.datasets.map((d) => d.data[0])).toEqual([3, 7]);
    const pathsTable = screen.getByRole('table', { name: 'Lessons completed per learning path' });
    expect(within(pathsTable).getByRole('row', { name: 'Complete Beginner 3 10 30%' })).toBeInTheDocument();
  }, 20_000);

  it('destroys its charts when the page goes', async () => {
    const { unmount } = render(<ProgressCharts history={history} hubs={hubs} />);
    await waitFor(() => expect(drawn).toHaveLength(4));
    unmount();
    expect(drawn.every((d) => d.destroyed)).toBe(true);
  }, 20_000);

  it('colours a day by the items done, a frozen day apart, an empty day plain', () => {
    expect(cellColor({ items: 0, frozen: false })).toBe(COLORS.empty);
    expect(cellColor({ items: 0, frozen: true })).toBe(COLORS.frozen);
    expect(cellColor({ items: 2, frozen: false })).toBe(COLORS.levels[0]);
    expect(cellColor({ items: 5, frozen: false })).toBe(COLORS.levels[1]);
    expect(cellColor({ items: 10, frozen: false })).toBe(COLORS.levels[2]);
    expect(cellColor({ items: 11, frozen: false })).toBe(COLORS.levels[3]);
  }, 20_000);
});
