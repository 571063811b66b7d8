import { screen } from '@testing-library/react';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeSummary } from '../testing/fixtures';
import ProgressHeader from './progress-header';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const summaryCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/learning/progress');

describe('ProgressHeader', () => {
  it("shows the streak, the week's freeze and today's goal, as one link to the progress page", async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, makeSummary()));
    renderWithProviders(<ProgressHeader />);
    const link = await screen.findByRole('link', {
      name: 'Your progress: 5-day streak, extended today. Streak freeze available this week. Today’s goal: 12/20 items.',
    });
    expect(link).toHaveAttribute('href', '/progress');
    expect(screen.getByTestId('streak-days')).toHaveTextContent('5');
    expect(screen.getByTestId('goal-progress')).toHaveTextContent('12/20');
    expect(screen.getByTestId('freeze-left')).toHaveTextContent('1');
  });

  it('says when the freeze is used and today is still open, and counts minutes for a minutes goal', async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(
      jsonResponse(
        200,
        makeSummary({
          streak: { days: 0, activeToday: false, freezeAvailable: false },
          goal: { kind: 'minutes', amount: 15, done: 4 },
        }),
      ),
    );
    renderWithProviders(<ProgressHeader />);
    await screen.findByRole('link', {
      name: 'Your progress: 0-day streak, not yet extended today. Streak freeze used this week. Today’s goal: 4/15 minutes.',
    });
    expect(screen.getByTestId('freeze-left')).toHaveTextContent('0');
  });

  it('asks nothing and shows nothing for a visitor', () => {
    renderWithProviders(<ProgressHeader />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(summaryCalls()).toHaveLength(0);
  });
});
