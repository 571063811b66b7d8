import { screen, waitFor, within } from '@testing-library/react';
import { HUBS } from '@polski/contracts';
import { makeHistory, makeSettings, makeSummary } from '../features/progress/testing/fixtures';
import { session } from '../lib/session';
import { jsonResponse, makeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import HomeRoute from './routes/home';
import LearnPolishRoute from './routes/learn-polish';
import ProgressRoute from './routes/progress';

vi.mock('../features/progress/charts/chart-setup', () => ({
  Chart: class {
    destroy() {}
  },
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input).split('?')[0];
    if (url === '/api/learning/progress') return jsonResponse(200, makeSummary());
    if (url === '/api/learning/progress/history') return jsonResponse(200, makeHistory());
    if (url === '/api/learning/settings') return jsonResponse(200, makeSettings());
    if (url === '/api/content/hubs') return jsonResponse(200, []);
    if (url === '/api/content/progress') return jsonResponse(200, []);
    return jsonResponse(404, { status: 404, code: 'route_not_found', message: 'no', requestId: 'r' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const asked = (path: string) => fetchMock.mock.calls.some(([url]) => String(url).split('?')[0] === path);

describe('progress on the pages that show it', () => {
  it('home: a signed-in learner is offered the lesson to continue', async () => {
    session.set(makeUser());
    renderWithProviders(<HomeRoute />);
    // its code is loaded when a signed-in learner is there
    const resume = await screen.findByRole(
      'region',
      { name: 'Continue where you left off' },
      { timeout: 15_000 },
    );
    expect(within(resume).getByRole('link', { name: /^Continue/ })).toHaveAttribute(
      'href',
      '/complete-beginner/complete-beginner-4',
    );
  }, 30_000);

  it('home: a visitor gets nothing of it, and nothing is asked', async () => {
    renderWithProviders(<HomeRoute />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Continue where you left off' })).not.toBeInTheDocument();
    expect(asked('/api/learning/progress')).toBe(false);
  });

  it("/learn-polish: each hub card shows the learner's progress in it, and where to continue", async () => {
    session.set(makeUser());
    renderWithProviders(<LearnPolishRoute />);
    await screen.findByRole('region', { name: 'Continue where you left off' });
    const bars = await screen.findAllByRole('progressbar');
    expect(bars).toHaveLength(HUBS.length);
    expect(screen.getByRole('progressbar', { name: `${HUBS[0].title}: your progress` })).toHaveAttribute(
      'aria-valuetext',
      '30% (3 of 10 lessons completed)',
    );
    // inside its own card
    const card = screen.getByRole('link', { name: HUBS[0].title }).closest('li');
    expect(card).toContainElement(bars[0]);
  });

  it('/learn-polish: a visitor sees the cards without progress', async () => {
    renderWithProviders(<LearnPolishRoute />);
    await screen.findByRole('link', { name: HUBS[0].title });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(asked('/api/learning/progress')).toBe(false);
  });

  it("/progress: the learner's figures, the charts and the goal settings", async () => {
    session.set(makeUser());
    renderWithProviders(<ProgressRoute />);
    expect(await screen.findByTestId('words-known')).toHaveTextContent('321');
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(4), { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Daily goal and reviews' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Daily goal (items)' })).toHaveValue(20);
  }, 30_000);

  it('/progress: a visitor is asked to log in, and nothing is asked of the API', () => {
    renderWithProviders(<ProgressRoute />);
    expect(screen.getByText('Please log in to see your progress.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in or register' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
