import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRANSLATION_MESSAGES, type TWordCheckResponse } from '@polski/contracts';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { replaceWord } from './replace-word';
import en from '../../../locales/en.json';
import { WordCheckerPage } from './word-checker-page';

const PAGE_DESCRIPTION = en['wordChecker.description'];

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const CHECK = 'POST /api/word-checker/check';
const checks = () =>
  fetchMock.mock.calls
    .filter(([u, i]) => `${i?.method ?? 'GET'} ${String(u)}` === CHECK)
    .map(([, i]) => JSON.parse(String(i?.body)) as { text: string; lang: string });

/** A small stand-in of the API's answers, by text. */
const ANSWERS: Record<string, Omit<TWordCheckResponse, 'lang'>> = {
  zolw: {
    dictionaryAvailable: true,
    words: [{ word: 'zolw', correct: false, suggestions: ['żółw', 'żółwi'] }],
  },
  żółw: {
    dictionaryAvailable: true,
    words: [
      {
        word: 'żółw',
        correct: true,
        suggestions: [],
        lemma: 'żółw',
        meanings: [{ pos: 'noun', senses: ['turtle', 'tortoise'] }],
      },
    ],
  },
  'Mam kota': {
    dictionaryAvailable: true,
    words: [
      {
        word: 'Mam',
        correct: true,
        suggestions: [],
        lemma: 'mieć',
        meanings: [{ pos: 'verb', senses: ['to have'] }],
      },
      {
        word: 'kota',
        correct: true,
        suggestions: [],
        lemma: 'kot',
        meanings: [{ pos: 'noun', senses: ['cat'] }],
      },
    ],
  },
  qqq: { dictionaryAvailable: true, words: [{ word: 'qqq', correct: false, suggestions: [] }] },
};

function serve() {
  fetchMock.mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { text: string; lang: string };
    const answer = ANSWERS[body.text];
    if (!answer) throw new Error(`unexpected text ${body.text}`);
    if (body.lang === 'cs') {
      // no Czech dictionary: verdicts without meanings
      return jsonResponse(200, {
        lang: 'cs',
        dictionaryAvailable: false,
        words: answer.words.map(({ word, correct, suggestions, lemma }) => ({
          word,
          correct,
          suggestions,
          lemma,
        })),
      });
    }
    return jsonResponse(200, { lang: body.lang, ...answer });
  });
}

function renderPage(route = '/word-checker') {
  const user = userEvent.setup();
  renderWithProviders(<WordCheckerPage />, { route });
  return { user };
}

const field = () => screen.getByLabelText('Polish word or phrase');

describe('WordCheckerPage', () => {
  it('has its heading, title and description, and examples before anything is checked', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Word Checker' })).toBeInTheDocument();
    expect(document.title).toBe('Polish Word Checker | Polski Stories');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', PAGE_DESCRIPTION);
    expect(screen.getByRole('button', { name: 'zolw' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a typo gets ranked suggestions; choosing one replaces the word and checks again: correct, with its meaning', async () => {
    serve();
    const { user } = renderPage();
    await user.type(field(), 'zolw');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const wrong = (await screen.findByText('Not in the dictionary')).closest('li') as HTMLElement;
    expect(within(wrong).getByText('zolw')).toBeInTheDocument();
    const suggestions = within(wrong).getAllByRole('button');
    expect(suggestions.map((b) => b.textContent)).toEqual(['żółw', 'żółwi']);

    await user.click(within(wrong).getByRole('button', { name: 'żółw' }));
    expect(field()).toHaveValue('żółw');
    const right = (await screen.findByText('Correct')).closest('li') as HTMLElement;
    expect(within(right).getByText('żółw')).toBeInTheDocument();
    expect(within(right).getByText('turtle; tortoise')).toHaveAttribute('lang', 'en');
    expect(checks()).toEqual([
      { text: 'zolw', lang: 'en' },
      { text: 'żółw', lang: 'en' },
    ]);
    // focus stays in the results, not lost with the removed button
    expect(screen.getByRole('heading', { level: 2, name: /Results for/ })).toHaveFocus();
  });

  it('each word of a phrase gets its verdict, its dictionary form and meanings in the stored native language', async () => {
    session.set(makeUser({ lang: 'de' }));
    serve();
    const { user } = renderPage('/word-checker?q=Mam%20kota');
    expect(await screen.findByText('2 words checked: all spelled correctly.')).toBeInTheDocument();
    expect(field()).toHaveValue('Mam kota');
    expect(screen.getByLabelText('Meanings in')).toHaveValue('de');
    expect(checks()).toEqual([{ text: 'Mam kota', lang: 'de' }]);
    const items = screen.getAllByRole('listitem');
    expect(within(items[1]).getByText('Dictionary form:')).toHaveTextContent('Dictionary form: kot');
    // a visitor can choose the language; the page asks again
    await user.selectOptions(screen.getByLabelText('Meanings in'), 'en');
    await waitFor(() => expect(checks()).toHaveLength(2));
    expect(checks()[1]).toEqual({ text: 'Mam kota', lang: 'en' });
  });

  it('without a dictionary in the chosen language the meanings come in English, and the page says so', async () => {
    session.set(makeUser({ lang: 'cs' }));
    serve();
    renderPage('/word-checker?q=%C5%BC%C3%B3%C5%82w');
    expect(
      await screen.findByText('There is no Czech dictionary yet, so the meanings are in English.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('turtle; tortoise')).toBeInTheDocument();
    expect(checks().map((c) => c.lang)).toEqual(['cs', 'en']);
  });

  it('shows that it is checking, and why the first check can take a while', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    renderPage('/word-checker?q=zolw');
    expect(screen.getByRole('status')).toHaveTextContent('Checking…');
    expect(
      await screen.findByText(/The Polish dictionary is loading/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('a word far from any Polish word says there are no suggestions', async () => {
    serve();
    renderPage('/word-checker?q=qqq');
    expect(await screen.findByText(/No suggestions/)).toBeInTheDocument();
  });

  it('refuses an empty text without asking the API', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText(TRANSLATION_MESSAGES.emptyWord)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('429: the API’s message in an alert, no toast; Try again asks again', async () => {
    const message = 'Too many requests. Please wait a moment and try again.';
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { status: 429, code: 'rate_limited', message }));
    serve();
    const { user } = renderPage('/word-checker?q=zolw');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toast.error).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not in the dictionary')).toBeInTheDocument();
  });
});

describe('replaceWord', () => {
  it('replaces the n-th word as the API counts words, keeping spacing and punctuation', () => {
    expect(replaceWord('Mam  kota, psa!', 1, 'kot')).toBe('Mam  kot, psa!');
    expect(replaceWord('biało-czerwony zolw', 1, 'żółw')).toBe('biało-czerwony żółw');
    expect(replaceWord('zolw', 0, 'Żółw')).toBe('Żółw');
  });

  it('a correct word offers "All forms": the inflection table of its dictionary form, the checked form highlighted', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/words/inflection') {
        return jsonResponse(200, {
          lemma: 'kot',
          pos: 'noun',
          tables: [
            {
              title: 'Declension',
              columns: ['Singular', 'Plural'],
              rows: [
                {
                  label: 'Nominative',
                  cells: [
                    { forms: ['kot'], tags: ['subst:sg:nom:m2'] },
                    { forms: ['koty'], tags: ['subst:pl:nom:m2'] },
                  ],
                },
                {
                  label: 'Genitive',
                  cells: [
                    { forms: ['kota'], tags: ['subst:sg:gen:m2'] },
                    { forms: ['kotów'], tags: ['subst:pl:gen:m2'] },
                  ],
                },
              ],
            },
          ],
        });
      }
      const body = JSON.parse(String(init?.body)) as { text: string; lang: string };
      return jsonResponse(200, { lang: body.lang, ...ANSWERS[body.text] });
    });
    const { user } = renderPage();
    await user.type(field(), 'Mam kota');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(await screen.findByRole('button', { name: 'All forms of kot' }));
    const table = await screen.findByRole('table', { name: /Declension/ });
    expect(Array.from(table.querySelectorAll('td.is-seen')).map((td) => td.textContent)).toEqual([
      'kota (the form you saw)',
    ]);
    expect(screen.getByRole('button', { name: 'All forms of mieć' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
