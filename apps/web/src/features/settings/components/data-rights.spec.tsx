import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccountExport, TLearnerSettings, TSettingsResponse } from '@polski/contracts';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AccountSettings } from './account-settings';
import en from '../../../locales/en.json';

const DATA_TEXTS = {
  remindersLabel: en['settings.data.remindersLabel'],
  remindersOn: en['settings.data.remindersOn'],
  remindersFailed: en['settings.data.remindersFailed'],
  download: en['settings.data.download'],
  downloaded: en['settings.data.downloaded'],
  delete: en['settings.data.delete'],
  deleteTitle: en['settings.data.deleteTitle'],
  deleted: en['settings.data.deleted'],
  deleteFailed: en['settings.data.deleteFailed'],
  downloadFailed: en['settings.data.downloadFailed'],
  cancel: en['auth.register.cancel'],
  password: en['settings.data.password'],
};

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const SETTINGS: TSettingsResponse = {
  username: 'ola',
  emailAddress: 'ola@example.test',
  emailConfirmed: true,
  roles: ['Member'],
  premiumExpirationDate: null,
  premiumLifetime: false,
  chosenNativeLanguage: 'en',
  hasBillingAccount: false,
};
const LEARNER: TLearnerSettings = {
  timeZone: 'Europe/Warsaw',
  goalKind: 'items',
  goalAmount: 20,
  newPerDay: 10,
  reviewsPerDay: 100,
  reviewReminders: false,
};
const EXPORT: TAccountExport = {
  format: 'polski-stories-account-export',
  version: 1,
  exportedAt: '2026-03-02T12:00:00.000Z',
  account: {
    id: '7d3c2a8e-1f0b-4c1e-9a55-0c4f4c2b9a11',
    username: 'ola',
    email: 'ola@example.test',
    nativeLanguage: 'en',
    emailConfirmed: true,
    roles: ['Member'],
    premiumUntil: null,
    premiumLifetime: false,
    createdAt: '2026-01-02T12:00:00.000Z',
    updatedAt: '2026-01-02T12:00:00.000Z',
  },
  sessions: [],
  emailLinks: [],
  paymentRedirects: [],
  billing: { stripeCustomerId: null, checkouts: [], payments: [], subscriptions: [], incidents: [] },
  lessonsCompleted: [],
  learning: {
    settings: LEARNER as Required<TLearnerSettings>,
    wordStatuses: [],
    savedWords: [],
    reviewCards: [],
    reviewLogs: [],
    activityDays: [],
    reviewReminders: [],
  },
  emails: [],
  notStored: [],
};

/** Answers by `METHOD path`; records what was sent. */
function serve(routes: Record<string, (init?: RequestInit) => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
    if (key === 'GET /api/account/settings') return jsonResponse(200, SETTINGS);
    const answer = routes[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer(init);
  });
}

async function renderPage(routes: Record<string, (init?: RequestInit) => Response> = {}) {
  session.set(makeUser({ username: 'ola' }));
  serve({ 'GET /api/learning/settings': () => jsonResponse(200, LEARNER), ...routes });
  const saveFile = vi.fn();
  const view = renderWithProviders(<AccountSettings username="ola" saveFile={saveFile} />);
  await screen.findByRole('heading', { name: 'Your data' });
  return { ...view, saveFile };
}

const bodiesOf = (key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('Settings: review reminders', () => {
  it('shows the opt-in off by default and turns it on with the other settings unchanged', async () => {
    await renderPage({
      'PUT /api/learning/settings': (init) => jsonResponse(200, JSON.parse(String(init?.body))),
    });
    const box = await screen.findByRole('checkbox', { name: DATA_TEXTS.remindersLabel });
    expect(box).not.toBeChecked();
    expect(screen.getByText(/at most one email a day.*Europe\/Warsaw/i)).toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(bodiesOf('PUT /api/learning/settings')).toEqual([{ ...LEARNER, reviewReminders: true }]);
    expect(toast.success).toHaveBeenCalledWith(DATA_TEXTS.remindersOn);
    // the file's first render loads the whole settings page (with its password and email forms): slow on a busy machine
  }, 15_000);

  it('says so when the change fails, and the box stays as it was', async () => {
    await renderPage({ 'PUT /api/learning/settings': () => jsonResponse(500, { status: 500 }) });
    const box = await screen.findByRole('checkbox', { name: DATA_TEXTS.remindersLabel });
    await userEvent.click(box);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(DATA_TEXTS.remindersFailed));
    expect(box).not.toBeChecked();
  });
});

describe('Settings: download my data', () => {
  it('downloads the JSON of GET /api/account/export as a file', async () => {
    const { saveFile } = await renderPage({ 'GET /api/account/export': () => jsonResponse(200, EXPORT) });
    await userEvent.click(screen.getByRole('button', { name: DATA_TEXTS.download }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [name, blob] = saveFile.mock.calls[0] as [string, Blob];
    expect(name).toBe('polski-stories-data.json');
    expect(blob.type).toBe('application/json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(EXPORT);
    expect(toast.success).toHaveBeenCalledWith(DATA_TEXTS.downloaded);
  });

  it("shows the server's reason when downloads are limited", async () => {
    const { saveFile } = await renderPage({
      'GET /api/account/export': () =>
        jsonResponse(429, {
          status: 429,
          code: 'rate_limited',
          message: 'Too many downloads of your data. Please try again later.',
        }),
    });
    await userEvent.click(screen.getByRole('button', { name: DATA_TEXTS.download }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Too many downloads of your data. Please try again later.'),
    );
    expect(saveFile).not.toHaveBeenCalled();
  });
});

describe('Settings: delete my account', () => {
  it('explains what is deleted and kept, and asks for the password before deleting', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: DATA_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog', { name: DATA_TEXTS.deleteTitle });
    expect(dialog).toHaveTextContent('It cannot be undone');
    expect(dialog).toHaveTextContent(/Deleted:.*saved words.*review cards.*lesson progress/);
    expect(dialog).toHaveTextContent(/Kept:.*records of your payments.*subscription is cancelled/);
    expect(dialog).toHaveTextContent('We will send a confirmation to ola@example.test.');
    const password = within(dialog).getByLabelText(DATA_TEXTS.password);
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: DATA_TEXTS.delete }));
    expect(within(dialog).getByText('Please enter your password')).toBeInTheDocument();
    expect(bodiesOf('POST /api/account/delete')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: DATA_TEXTS.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(session.get()?.username).toBe('ola');
  });

  it('keeps the learner signed in and says so when the password is wrong', async () => {
    await renderPage({
      'POST /api/account/delete': () =>
        jsonResponse(403, {
          status: 403,
          code: 'wrong_password',
          message: 'The password is not correct. Your account has not been deleted.',
        }),
    });
    await userEvent.click(screen.getByRole('button', { name: DATA_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(DATA_TEXTS.password), 'nope-nope');
    await userEvent.click(within(dialog).getByRole('button', { name: DATA_TEXTS.delete }));
    expect(
      await within(dialog).findByText('The password is not correct. Your account has not been deleted.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(DATA_TEXTS.password)).toHaveAttribute('aria-invalid', 'true');
    expect(session.get()?.username).toBe('ola');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deletes with the password, then signs the learner out and tells them', async () => {
    await renderPage({
      'POST /api/account/delete': () => jsonResponse(200, { message: 'Your account has been deleted' }),
    });
    await userEvent.click(screen.getByRole('button', { name: DATA_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(DATA_TEXTS.password), 'Kr0wa-na-lace');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(session.get()).toBeNull());
    expect(bodiesOf('POST /api/account/delete')).toEqual([{ password: 'Kr0wa-na-lace' }]);
    expect(toast.success).toHaveBeenCalledWith(DATA_TEXTS.deleted);
  });
});
