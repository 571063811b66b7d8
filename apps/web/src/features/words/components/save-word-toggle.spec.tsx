import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SaveWordToggle } from './save-word-toggle';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  fetchMock.mockReset();
});

const WORD = { lemma: 'kot', form: 'kota', p: 1, s: 2, t: 3 };

describe('SaveWordToggle', () => {
  it('a visitor is offered the sign-in, and nothing is asked of the server', async () => {
    const onSignIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SaveWordToggle hub="mini-stories" slug="kot" word={WORD} onSignIn={onSignIn} />);
    await user.click(screen.getByRole('button', { name: 'Log in to save this word' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a word of a premium lesson refused by the server (403) says why, without the central toast', async () => {
    session.set(makeUser());
    fetchMock.mockImplementation(async (_input, init) =>
      (init?.method ?? 'GET') === 'GET'
        ? jsonResponse(200, [])
        : jsonResponse(403, { code: 'premium_required', message: 'Premium content' }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <SaveWordToggle hub="history-of-poland" slug="mieszko-i" word={WORD} onSignIn={vi.fn()} named />,
    );
    const button = screen.getByRole('button', { name: 'Save word: kot' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Words of premium lessons can be saved by premium members.',
    );
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(toast.error).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({
      hub: 'history-of-poland',
      slug: 'mieszko-i',
      p: 1,
      s: 2,
      t: 3,
    });
  });
});
