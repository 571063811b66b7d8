import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DICTIONARY_MODE, TRANSLATION_MESSAGES } from '@polski/contracts';
import { applyLanguage } from '../../../lib/i18n/i18n';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TranslatorBar } from './translator-bar';

const LOG_IN_TO_TRANSLATE = 'Please log in to translate: the translator is a Premium feature.';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const DEEPL = 'POST /api/Translator/translate';
const GOOGLE = 'POST /api/Translation/translate';
const key = (input: unknown, init?: RequestInit) => `${init?.method ?? 'GET'} ${String(input)}`;
const calls = (k: string) => fetchMock.mock.calls.filter(([u, i]) => key(u, i) === k);
const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body)) as Record<string, string>;

async function openBar({ signedIn = true, lang = 'en' }: { signedIn?: boolean; lang?: string } = {}) {
  if (signedIn) session.set(makeUser({ lang, roles: ['Member', 'PremiumMember'] }));
  const onSignIn = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<TranslatorBar onSignIn={onSignIn} />, { route: '/learn-polish' });
  await user.click(screen.getByRole('button', { name: 'SHOW TRANSLATOR' }));
  return { user, onSignIn };
}

const source = () => screen.getByLabelText('From') as HTMLSelectElement;
const target = () => screen.getByLabelText('To') as HTMLSelectElement;
const textBox = () => screen.getByPlaceholderText('Enter text to translate');
const results = () => screen.getByRole('region', { name: 'Translation' });

describe('TranslatorBar', () => {
  it('is collapsed behind SHOW TRANSLATOR and opens to the form and an empty results box', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TranslatorBar onSignIn={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'SHOW TRANSLATOR' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // kept (with what was typed) but hidden while collapsed
    expect(textBox()).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('HIDE TRANSLATOR');
    expect(textBox()).toBeVisible();
    expect(textBox()).toHaveAttribute('maxLength', '1000');
    expect(screen.getByText('0 / 1000')).toBeInTheDocument();
    expect(results()).toHaveAttribute('aria-live', 'polite');
    expect(within(results()).getByText('Translation will appear here...')).toBeInTheDocument();
    // Polish and the 29 native languages on each side
    expect(within(source()).getAllByRole('option')).toHaveLength(30);
    expect(within(target()).getAllByRole('option')).toHaveLength(30);
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'SHOW TRANSLATOR' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('translates from Polish to the stored native language by default, or to English for a visitor', async () => {
    await openBar({ lang: 'de' });
    expect(source().value).toBe('pl');
    expect(target().value).toBe('de');
  });

  it('a visitor starts with Polish → English, and submitting opens the premium modal instead of calling the API', async () => {
    const { user, onSignIn } = await openBar({ signedIn: false });
    expect(source().value).toBe('pl');
    expect(target().value).toBe('en');
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    // decisions.md, "Gated content": the premium path, not only a log-in prompt
    const modal = await screen.findByRole('dialog', { name: 'Get Premium Access!' });
    expect(within(modal).getByRole('link', { name: 'Get Premium' })).toHaveAttribute(
      'href',
      '/premium-member',
    );
    expect(onSignIn).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/translate'))).toEqual([]);
    expect(within(results()).getByRole('alert')).toHaveTextContent(LOG_IN_TO_TRANSLATE);
    // the bar's own hint still offers the log-in
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('logging in moves the default direction to the stored language, unless the learner chose one', async () => {
    await openBar({ signedIn: false });
    expect(target().value).toBe('en');
    act(() => session.set(makeUser({ lang: 'fr' })));
    expect(target().value).toBe('fr');
    const user = userEvent.setup();
    await user.selectOptions(target(), 'es');
    act(() => session.set(makeUser({ lang: 'it' })));
    expect(target().value).toBe('es');
  });

  it('the switch swaps the direction so Polish becomes the target, and back', async () => {
    const { user } = await openBar({ lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Switch languages' }));
    expect(source().value).toBe('fr');
    expect(target().value).toBe('pl');
    await user.click(screen.getByRole('button', { name: 'Switch languages' }));
    expect(source().value).toBe('pl');
    expect(target().value).toBe('fr');
  });

  it('one side is always Polish: a non-Polish source forces the target to Polish and vice versa', async () => {
    const { user } = await openBar();
    await user.selectOptions(source(), 'es');
    expect([source().value, target().value]).toEqual(['es', 'pl']);
    await user.selectOptions(target(), 'it');
    expect([source().value, target().value]).toEqual(['pl', 'it']);
    // choosing Polish on the side that has the other language moves that language across
    await user.selectOptions(target(), 'pl');
    expect([source().value, target().value]).toEqual(['it', 'pl']);
    await user.selectOptions(source(), 'pl');
    expect([source().value, target().value]).toEqual(['pl', 'it']);
  });

  it('sends the trimmed text to DeepL and shows the translation and who answered', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { translation: 'cat', provider: 'deepl' }));
    const { user } = await openBar();
    await user.type(textBox(), '  kot ');
    expect(screen.getByText('6 / 1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByText('cat')).toHaveAttribute('lang', 'en');
    expect(within(results()).getByText('Translated by DeepL')).toBeInTheDocument();
    expect(calls(DEEPL)).toHaveLength(1);
    expect(bodyOf(calls(DEEPL)[0])).toEqual({ inputText: 'kot', sourceLanguage: 'pl', targetLanguage: 'en' });
    expect(calls(DEEPL)[0][1]?.headers).toMatchObject({ Authorization: 'Bearer header.payload.signature' });
  });

  it('labels dictionary mode: word by word from an offline dictionary, not a translation (issue 13, item 10)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        translation: 'kot → kot (noun): cat',
        provider: 'dictionary',
        note: DICTIONARY_MODE.note,
      }),
    );
    const { user } = await openBar();
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const output = await within(results()).findByText('kot → kot (noun): cat');
    // its lines mix Polish headwords and meanings: not marked as the target language
    expect(output).not.toHaveAttribute('lang');
    expect(within(results()).getByText('Dictionary mode')).toBeInTheDocument();
    expect(
      within(results()).getByText(
        'Word by word from an offline dictionary: the meanings of each word, not a translation of the whole text.',
      ),
    ).toBeInTheDocument();
    expect(within(results()).queryByText(/^Translated by/)).toBeNull();
  });

  it('a provider’s translation carries no dictionary-mode label, also after a dictionary answer', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        translation: 'kot (noun): cat',
        provider: 'dictionary',
        note: DICTIONARY_MODE.note,
      }),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { translation: 'the cat', provider: 'deepl' }));
    const { user } = await openBar();
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByText('Dictionary mode')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByText('the cat')).toHaveAttribute('lang', 'en');
    expect(within(results()).getByText('Translated by DeepL')).toBeInTheDocument();
    expect(within(results()).queryByText('Dictionary mode')).toBeNull();
    expect(within(results()).queryByText(/offline dictionary/)).toBeNull();
  });

  it('falls back to Google when DeepL answers that it does not translate the language', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (key(input, init) === DEEPL) {
        return jsonResponse(400, {
          status: 400,
          code: 'validation_failed',
          title: 'One or more validation errors occurred.',
          errors: { targetLanguage: ['DeepL does not translate Arabic yet'] },
        });
      }
      return jsonResponse(200, { translation: 'قطة', provider: 'google' });
    });
    const { user } = await openBar({ lang: 'ar' });
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByText('قطة')).toBeInTheDocument();
    expect(within(results()).getByText('Translated by Google Translate')).toBeInTheDocument();
    expect(calls(DEEPL)).toHaveLength(1);
    expect(calls(GOOGLE)).toHaveLength(1);
    expect(bodyOf(calls(GOOGLE)[0])).toEqual({
      inputText: 'kot',
      sourceLanguage: 'pl',
      targetLanguage: 'ar',
    });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('runs one translation at a time: Translate is disabled while one is pending', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await openBar();
    await user.type(textBox(), 'kot');
    const button = screen.getByRole('button', { name: 'Translate' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(results()).toHaveAttribute('aria-busy', 'true');
    expect(within(results()).getByText('Translating…')).toBeInTheDocument();
    // Ctrl+Enter in the text does not start a second one either
    await user.type(textBox(), '{Control>}{Enter}{/Control}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer(jsonResponse(200, { translation: 'cat', provider: 'deepl' })));
    expect(await within(results()).findByText('cat')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('a failure stores the error message, clears the earlier translation and shows an alert', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { translation: 'cat', provider: 'deepl' }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(502, {
        status: 502,
        code: 'translation_failed',
        message: TRANSLATION_MESSAGES.providerFailed,
      }),
    );
    const { user } = await openBar();
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByText('cat')).toBeInTheDocument();
    await user.type(textBox(), 'y');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByRole('alert')).toHaveTextContent(
      TRANSLATION_MESSAGES.providerFailed,
    );
    expect(within(results()).queryByText('cat')).not.toBeInTheDocument();
    // the results box says it, not a second 'Something went wrong' toast
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('429: shows the API’s message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        status: 429,
        code: 'rate_limited',
        message: TRANSLATION_MESSAGES.tooManyRequests,
      }),
    );
    const { user } = await openBar();
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByRole('alert')).toHaveTextContent(
      TRANSLATION_MESSAGES.tooManyRequests,
    );
  });

  it.each([
    ['translation_quota', TRANSLATION_MESSAGES.quota],
    ['translation_timeout', TRANSLATION_MESSAGES.timeout],
  ])('503 %s: says so, by the code (the same status, another text)', async (code, text) => {
    fetchMock.mockResolvedValue(
      jsonResponse(503, { status: 503, code, message: 'The provider is unavailable' }),
    );
    const { user } = await openBar();
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByRole('alert')).toHaveTextContent(text);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a 400 that is not a validation answer does not fall back to Google', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 400, code: 'invalid_json', message: 'The body is not valid JSON' }),
    );
    const { user } = await openBar({ lang: 'ar' });
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByRole('alert')).toHaveTextContent('The body is not valid JSON');
    expect(calls(DEEPL)).toHaveLength(1);
    expect(calls(GOOGLE)).toHaveLength(0);
  });

  it('an empty text is refused without a call', async () => {
    const { user } = await openBar();
    await user.type(textBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(within(results()).getByRole('alert')).toHaveTextContent(TRANSLATION_MESSAGES.emptyInput);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('403 premium_required for a member opens the premium modal, without a toast', async () => {
    session.set(makeUser({ roles: ['Member'] }));
    fetchMock.mockResolvedValue(
      jsonResponse(403, {
        status: 403,
        code: 'premium_required',
        message: TRANSLATION_MESSAGES.premiumRequired,
      }),
    );
    const { user } = await openBar({ signedIn: false });
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const modal = await screen.findByRole('dialog', { name: 'Get Premium Access!' });
    expect(within(modal).getByText('Multilingual translator')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(results()).getByRole('alert')).toHaveTextContent(TRANSLATION_MESSAGES.premiumRequired);
  });

  it('changing the direction drops a translation of the other direction', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { translation: 'cat', provider: 'deepl' }));
    const { user } = await openBar();
    await user.type(textBox(), 'kot');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await within(results()).findByText('cat')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch languages' }));
    expect(within(results()).getByText('Translation will appear here...')).toBeInTheDocument();
    expect(textBox()).toHaveValue('kot');
  });
});

// docs/i18n.md: the bar in the learner's language, its failures chosen by code
describe('TranslatorBar in German and Ukrainian', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('German: labels, language names from Intl, and the quota failure in German', async () => {
    await applyLanguage('de');
    session.set(makeUser({ lang: 'de', roles: ['Member', 'PremiumMember'] }));
    const user = userEvent.setup();
    renderWithProviders(<TranslatorBar onSignIn={vi.fn()} />, { route: '/learn-polish' });
    await user.click(screen.getByRole('button', { name: 'ÜBERSETZER ANZEIGEN' }));
    const to = screen.getByLabelText('Nach') as HTMLSelectElement;
    expect(to.value).toBe('de');
    expect(to.selectedOptions[0]).toHaveTextContent('Deutsch');
    expect(screen.getByLabelText('Von')).toHaveDisplayValue('Polnisch');
    fetchMock.mockResolvedValue(
      jsonResponse(503, {
        status: 503,
        code: 'translation_quota',
        message: 'The translation service has reached',
      }),
    );
    await user.type(screen.getByPlaceholderText('Text zum Übersetzen eingeben'), 'kot');
    await user.click(screen.getByRole('button', { name: 'Übersetzen' }));
    expect(
      await within(screen.getByRole('region', { name: 'Übersetzung' })).findByRole('alert'),
    ).toHaveTextContent(
      'Der Übersetzungsdienst hat sein Nutzungslimit vorerst erreicht. Bitte versuche es später erneut.',
    );
  });

  it('Ukrainian: a visitor is asked to log in, in Ukrainian', async () => {
    await applyLanguage('uk');
    const onSignIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TranslatorBar onSignIn={onSignIn} />, { route: '/learn-polish' });
    await user.click(screen.getByRole('button', { name: 'ПОКАЗАТИ ПЕРЕКЛАДАЧ' }));
    await user.type(screen.getByPlaceholderText('Введіть текст для перекладу'), 'kot');
    await user.click(screen.getByRole('button', { name: 'Перекласти' }));
    expect(within(screen.getByRole('region', { name: 'Переклад' })).getByRole('alert')).toHaveTextContent(
      'Увійдіть, щоб перекладати: перекладач — це функція Premium.',
    );
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(onSignIn).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/translate'))).toEqual([]);
  });
});
