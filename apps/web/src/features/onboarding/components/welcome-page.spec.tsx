import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { WelcomePage } from './welcome-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const SETTINGS = {
  timeZone: 'Europe/Warsaw',
  goalKind: 'minutes',
  goalAmount: 15,
  newPerDay: 10,
  reviewsPerDay: 100,
  reviewReminders: true,
};
const lesson = (slug: string, order: number, premium: boolean) => ({
  hub: 'mini-stories',
  slug,
  order,
  title: slug,
  titleEn: slug,
  level: 'A2',
  premium,
  summary: 'A story.',
  readingMinutes: 3,
  path: `/beginner/${slug}`,
  completed: false,
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('WelcomePage', () => {
  it('saves the chosen daily goal over the other settings and opens the first free lesson of the level', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/learning/settings' && (init?.method ?? 'GET') === 'GET')
        return jsonResponse(200, SETTINGS);
      if (url === '/api/learning/settings') return jsonResponse(200, JSON.parse(String(init?.body)));
      if (url.startsWith('/api/content/hubs/mini-stories'))
        return jsonResponse(200, {
          hub: {
            id: 'mini-stories',
            title: 'Mini Stories',
            level: 'A1-A2',
            path: '/learn-polish/mini-stories',
            lessonCount: 2,
            freeCount: 1,
          },
          lessons: [lesson('premium-first', 1, true), lesson('free-second', 2, false)],
        });
      return jsonResponse(404, { status: 404, code: 'not_found', message: 'Not found' });
    });
    renderWithProviders(
      <>
        <WelcomePage />
        <Where />
      </>,
      { route: '/welcome' },
    );
    expect(screen.getByRole('group', { name: 'How much Polish do you know?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /I'm a complete beginner/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Regular/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /I know some Polish/ }));
    expect(screen.getByText('You start with Mini Stories')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Serious/ }));
    expect(screen.getByText('40 items a day: lessons, reviews and saved words')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start learning' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/beginner/free-second'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ...SETTINGS, goalKind: 'items', goalAmount: 40 });
  });

  it('keeps the learner on the page with a message when the goal cannot be saved; Skip goes to the paths', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (_input, init) =>
      (init?.method ?? 'GET') === 'GET'
        ? jsonResponse(200, SETTINGS)
        : jsonResponse(503, { status: 503, code: 'unavailable', message: 'Try again later' }),
    );
    renderWithProviders(
      <>
        <WelcomePage />
        <Where />
      </>,
      { route: '/welcome' },
    );
    await user.click(screen.getByRole('button', { name: 'Start learning' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your goal could not be saved.');
    expect(screen.getByTestId('where')).toHaveTextContent('/welcome');
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/learn-polish');
  });
});
