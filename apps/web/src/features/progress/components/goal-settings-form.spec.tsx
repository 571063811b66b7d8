import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeSettings } from '../testing/fixtures';
import { GoalSettingsForm } from './goal-settings-form';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  session.set(makeUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('GoalSettingsForm', () => {
  it('saves the goal, limits and time zone as numbers with PUT /api/learning/settings', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (_url, init) =>
      jsonResponse(200, JSON.parse(String(init?.body ?? '{}'))),
    );
    renderWithProviders(<GoalSettingsForm settings={makeSettings()} />);
    await user.click(screen.getByRole('radio', { name: 'Minutes of study' }));
    const amount = screen.getByRole('spinbutton', { name: 'Daily goal (minutes)' });
    await user.clear(amount);
    await user.type(amount, '15');
    await user.selectOptions(screen.getByRole('combobox', { name: /Time zone/ }), 'America/New_York');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [url, init] = puts()[0];
    expect(String(url)).toBe('/api/learning/settings');
    expect(JSON.parse(String(init?.body))).toEqual({
      timeZone: 'America/New_York',
      goalKind: 'minutes',
      goalAmount: 15,
      newPerDay: 10,
      reviewsPerDay: 100,
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your goal and review settings are saved'),
    );
  }, 20_000);

  it('shows what is wrong under each field and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GoalSettingsForm settings={makeSettings()} />);
    const amount = screen.getByRole('spinbutton', { name: 'Daily goal (items)' });
    await user.clear(amount);
    await user.type(amount, '0');
    const reviews = screen.getByRole('spinbutton', { name: 'Reviews per day' });
    await user.clear(reviews);
    await user.type(reviews, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Enter a whole number from 1 to 1000');
    expect(reviews).toHaveAccessibleDescription('Enter a whole number from 0 to 2000');
    expect(screen.getByRole('spinbutton', { name: 'New cards per day' })).not.toHaveAttribute('aria-invalid');
    expect(puts()).toHaveLength(0);
    // correcting a field clears its message
    await user.clear(amount);
    await user.type(amount, '5');
    expect(amount).not.toHaveAttribute('aria-invalid');
  }, 20_000);

  it("shows the API's field errors under their fields", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        code: 'validation_failed',
        title: 'One or more validation errors occurred.',
        errors: { timeZone: ['Not a time zone (an IANA name such as Europe/Warsaw)'] },
        requestId: 'r1',
      }),
    );
    renderWithProviders(<GoalSettingsForm settings={makeSettings()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const zone = screen.getByRole('combobox', { name: /Time zone/ });
    await waitFor(() =>
      expect(zone).toHaveAccessibleDescription('Not a time zone (an IANA name such as Europe/Warsaw)'),
    );
    expect(toast.error).not.toHaveBeenCalled();
  }, 20_000);

  it("proposes the browser's time zone while the stored one is the default UTC, and says so", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      timeZone: 'Asia/Kolkata',
    });
    renderWithProviders(<GoalSettingsForm settings={makeSettings({ timeZone: 'UTC' })} />);
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Asia/Kolkata');
    expect(screen.getByText(/Taken from your browser/)).toBeInTheDocument();
  }, 20_000);

  it('keeps a time zone the learner chose', () => {
    renderWithProviders(<GoalSettingsForm settings={makeSettings({ timeZone: 'Europe/Warsaw' })} />);
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Europe/Warsaw');
    expect(screen.queryByText(/Taken from your browser/)).not.toBeInTheDocument();
  }, 20_000);
});
