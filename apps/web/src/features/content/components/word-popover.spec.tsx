import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDictionaryLookupResponse } from '@polski/contracts';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeLesson } from '../testing/lesson-fixture';
import { LessonText } from './lesson-text';
import { LessonView } from './lesson-view';
import { splitWords } from './split-words';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const { paragraphs } = makeLesson();

const ENTRIES: Record<string, TDictionaryLookupResponse['entries']> = {
  Mieszkam: [{ lemma: 'mieszkać', pos: 'verb', senses: ['to live', 'to reside'] }],
  Krakowie: [{ lemma: 'Kraków', pos: 'proper noun', senses: ['Cracow'] }],
  Jestem: [{ lemma: 'być', pos: 'verb', senses: ['to be'], ipa: 'bɨt͡ɕ' }],
};

/** GET /api/dictionary/lookup as the API answers it: no Czech data, English and German entries by word. */
function serve() {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/dictionary/lookup') throw new Error(`unexpected ${url.pathname}`);
    const word = url.searchParams.get('word') ?? '';
    const lang = url.searchParams.get('lang') ?? 'en';
    const available = lang !== 'cs';
    return jsonResponse(200, {
      word,
      lang,
      dictionaryAvailable: available,
      entries: available ? (ENTRIES[word] ?? []) : [],
    });
  });
}

const lookups = () =>
  fetchMock.mock.calls.map(([u]) => {
    const url = new URL(String(u), 'http://localhost');
    return `${url.searchParams.get('word')}/${url.searchParams.get('lang')}`;
  });

function renderText() {
  const user = userEvent.setup();
  renderWithProviders(<LessonText paragraphs={paragraphs} showAll={false} lookUp />);
  return { user };
}

describe('LessonText in look-up mode: the word popover', () => {
  it('each word is a button; the sentence buttons give way', () => {
    renderText();
    expect(screen.queryByRole('button', { name: 'Mieszkam w Krakowie.' })).not.toBeInTheDocument();
    for (const w of ['Cześć', 'Ania', 'Mieszkam', 'w', 'Krakowie', 'studentką']) {
      expect(screen.getByRole('button', { name: w })).toHaveAttribute('aria-haspopup', 'dialog');
    }
    expect(screen.getAllByRole('button', { name: 'Jestem' })).toHaveLength(2);
  });

  it('clicking a word shows its dictionary entry in the learner’s language: lemma, part of speech, senses', async () => {
    session.set(makeUser({ lang: 'de' }));
    serve();
    const { user } = renderText();
    const word = screen.getByRole('button', { name: 'Mieszkam' });
    await user.click(word);
    const popover = screen.getByRole('dialog', { name: 'Mieszkam' });
    expect(popover).toHaveFocus();
    expect(word).toHaveAttribute('aria-expanded', 'true');
    expect(await within(popover).findByText('mieszkać')).toBeInTheDocument();
    expect(within(popover).getByText('verb')).toBeInTheDocument();
    expect(within(popover).getByText('to live; to reside')).toHaveAttribute('lang', 'de');
    expect(lookups()).toEqual(['Mieszkam/de']);
  });

  it('Escape closes it and gives focus back to the word', async () => {
    serve();
    const { user } = renderText();
    const word = screen.getAllByRole('button', { name: 'Jestem' })[0];
    await user.click(word);
    const popover = screen.getByRole('dialog', { name: 'Jestem' });
    expect(await within(popover).findByText('być')).toBeInTheDocument();
    expect(within(popover).getByText(/bɨt͡ɕ/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(word).toHaveFocus();
    expect(word).toHaveAttribute('aria-expanded', 'false');
  });

  it('the close button and a click elsewhere close it too', async () => {
    serve();
    const { user } = renderText();
    await user.click(screen.getByRole('button', { name: 'Krakowie' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Krakowie' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Krakowie' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the sentence’s translation: show and hide', async () => {
    serve();
    const { user } = renderText();
    await user.click(screen.getByRole('button', { name: 'Krakowie' }));
    const popover = screen.getByRole('dialog', { name: 'Krakowie' });
    const show = within(popover).getByRole('button', { name: 'Show sentence translation' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(screen.getByText('I live in Kraków.')).toHaveAttribute('lang', 'en');
    await user.click(within(popover).getByRole('button', { name: 'Hide sentence translation' }));
    expect(screen.queryByText('I live in Kraków.')).not.toBeInTheDocument();
  });

  it('from the keyboard: the text is one tab stop, the arrow keys move between words, Enter opens', async () => {
    serve();
    const { user } = renderText();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cześć' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Mieszkam' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Ania' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'studentką' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const popover = screen.getByRole('dialog', { name: 'studentką' });
    expect(await within(popover).findByText('“studentką” is not in the offline dictionary.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'studentką' })).toHaveFocus();
    // Tab leaves the text: only one of its words is a tab stop
    await user.tab({ shift: true });
    expect(document.body).toHaveFocus();
  });

  it('without a dictionary in the learner’s language it shows the English entry and says so', async () => {
    session.set(makeUser({ lang: 'cs' }));
    serve();
    const { user } = renderText();
    await user.click(screen.getByRole('button', { name: 'Mieszkam' }));
    const popover = screen.getByRole('dialog', { name: 'Mieszkam' });
    expect(await within(popover).findByText('No Czech dictionary yet: the meanings are in English.')).toBeInTheDocument();
    expect(within(popover).getByText('to live; to reside')).toHaveAttribute('lang', 'en');
    await waitFor(() => expect(lookups()).toEqual(['Mieszkam/cs', 'Mieszkam/en']));
  });

  it('a failed lookup says so and can be tried again', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, { status: 429, code: 'rate_limited', message: 'Too many requests. Please wait.' }),
    );
    const { user } = renderText();
    await user.click(screen.getAllByRole('button', { name: 'Jestem' })[0]);
    const popover = screen.getByRole('dialog', { name: 'Jestem' });
    expect(await within(popover).findByRole('alert')).toHaveTextContent('Too many requests. Please wait.');
    serve();
    await user.click(within(popover).getByRole('button', { name: 'Try again' }));
    expect(await within(popover).findByText('być')).toBeInTheDocument();
  });
});

describe('LessonView: the "Look up words" toggle', () => {
  it('switches the text between sentence buttons (translations) and word buttons (dictionary entries)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    const toggle = screen.getByRole('button', { name: 'Look up words' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Mieszkam w Krakowie.' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Tap or click a word to see its dictionary entry/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Krakowie' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mieszkam w Krakowie.' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Mieszkam w Krakowie.' })).toBeInTheDocument();
  });
});

describe('splitWords', () => {
  it('keeps every character: words (with inner hyphens), their punctuation and the spaces between', () => {
    const text = '„Cześć!” To biało-czerwona flaga, 2 razy – dobrze…';
    const pieces = splitWords(text);
    const whole = (p: (typeof pieces)[number]) => (p.kind === 'word' ? p.before + p.text + p.after : p.text);
    expect(pieces.map(whole).join('')).toBe(text);
    // punctuation stays with its word, so a line never starts with it
    expect(pieces.filter((p) => p.kind === 'word').map(whole)).toEqual([
      '„Cześć!”',
      'To',
      'biało-czerwona',
      'flaga,',
      'razy',
      'dobrze…',
    ]);
    expect(pieces.filter((p) => p.kind === 'other').map((p) => p.text)).toEqual([' ', ' ', ' ', ' 2 ', ' – ']);
  });
});
