import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDictionaryLookupResponse } from '@polski/contracts';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeAnnotations, makeLesson } from '../testing/lesson-fixture';
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
  renderWithProviders(<LessonText paragraphs={paragraphs} showAll={false} />);
  return { user };
}

describe('LessonText without annotations (an older answer): the word popover falls back to the look-up', () => {
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

describe('LessonText with annotations: one-tap reading from the lesson answer', () => {
  function renderAnnotated(annotations = makeAnnotations()) {
    const user = userEvent.setup();
    renderWithProviders(<LessonText paragraphs={paragraphs} showAll={false} annotations={annotations} />);
    return { user };
  }

  it('a tap shows the form, the lemma with its meaning and the gender, with no request', async () => {
    const { user } = renderAnnotated();
    const word = screen.getByRole('button', { name: 'studentką' });
    await user.click(word);
    const popover = screen.getByRole('dialog', { name: 'studentką' });
    expect(popover).toHaveFocus();
    expect(word).toHaveAttribute('aria-expanded', 'true');
    expect(popover).toHaveAccessibleDescription(/instrumental singular of studentka/);
    expect(within(popover).getByText('instrumental singular of studentka')).toBeInTheDocument();
    expect(within(popover).getByText('studentka')).toHaveAttribute('lang', 'pl');
    expect(within(popover).getByText('noun')).toBeInTheDocument();
    expect(within(popover).getByText('student (a woman)')).toBeInTheDocument();
    expect(within(popover).getByText('feminine')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a verb shows its aspect and partner and the phrase it belongs to; a token’s own meaning wins', async () => {
    const { user } = renderAnnotated();
    await user.click(screen.getByRole('button', { name: 'Mieszkam' }));
    let popover = screen.getByRole('dialog', { name: 'Mieszkam' });
    expect(within(popover).getByText(/imperfective verb; aspect partner/)).toHaveTextContent(
      'imperfective verb; aspect partner zamieszkać',
    );
    expect(within(popover).getByText(/Part of/)).toHaveTextContent('Part of mieszkać w: to live in');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'w' }));
    popover = screen.getByRole('dialog', { name: 'w' });
    expect(within(popover).getByText('in (a place)')).toBeInTheDocument();
    expect(within(popover).queryByText(/^in$/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the arrow keys move between words; Enter opens; Escape closes and gives focus back', async () => {
    const { user } = renderAnnotated();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cześć' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const ania = screen.getByRole('button', { name: 'Ania' });
    expect(ania).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('dialog', { name: 'Ania' })).getByText('name (a person)')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ania).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('dialog', { name: 'Ania' })).toBeInTheDocument();
  });

  it('says so when the device has no Polish voice; with one, "Hear it" speaks the word in pl-PL', async () => {
    const { user } = renderAnnotated();
    await user.click(screen.getByRole('button', { name: 'Krakowie' }));
    expect(within(screen.getByRole('dialog')).getByText('This browser cannot read aloud.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', {
      speak,
      cancel: vi.fn(),
      getVoices: () => [{ lang: 'pl-PL', name: 'Polski' }],
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        voice = null;
        constructor(readonly text: string) {}
      },
    );
    await user.click(screen.getByRole('button', { name: 'Krakowie' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Hear “Krakowie”' }));
    expect(speak).toHaveBeenCalledWith(expect.objectContaining({ text: 'Krakowie', lang: 'pl-PL' }));
  });

  it('"All forms" opens the lemma’s inflection table with the tapped form highlighted; words that do not inflect have none', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        lemma: 'studentka',
        pos: 'noun',
        tables: [
          {
            title: 'Declension',
            columns: ['Singular', 'Plural'],
            rows: [
              { label: 'Nominative', cells: [{ forms: ['studentka'], tags: ['subst:sg:nom:f'] }, { forms: ['studentki'], tags: ['subst:pl:nom:f'] }] },
              { label: 'Instrumental', cells: [{ forms: ['studentką'], tags: ['subst:sg:inst:f'] }, { forms: ['studentkami'], tags: ['subst:pl:inst:f'] }] },
            ],
          },
        ],
      }),
    );
    const { user } = renderAnnotated();
    await user.click(screen.getByRole('button', { name: 'Cześć' }));
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'All forms' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'studentką' }));
    const popover = screen.getByRole('dialog', { name: 'studentką' });
    const allForms = within(popover).getByRole('button', { name: 'All forms' });
    expect(allForms).toHaveAttribute('aria-expanded', 'false');
    await user.click(allForms);
    const table = await within(popover).findByRole('table', { name: /Declension/ });
    expect(table.querySelector('td.is-seen')).toHaveTextContent('studentką');
    expect(within(popover).getByRole('button', { name: 'Hide forms' })).toHaveAttribute('aria-expanded', 'true');
    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost').search).toBe(
      '?lemma=studentka&pos=noun',
    );
    // the popover is still open and Escape still gives focus back to the word
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'studentką' })).toHaveFocus();
  });

  it('a sentence whose block does not fit its words falls back to the look-up', async () => {
    serve();
    const annotations = makeAnnotations();
    annotations.blocks[1] = annotations.blocks[1].slice(0, 2);
    const { user } = renderAnnotated(annotations);
    await user.click(screen.getByRole('button', { name: 'Mieszkam' }));
    expect(await within(screen.getByRole('dialog')).findByText('to live; to reside')).toBeInTheDocument();
    expect(lookups()).toEqual(['Mieszkam/en']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'studentką' }));
    expect(within(screen.getByRole('dialog')).getByText('instrumental singular of studentka')).toBeInTheDocument();
    expect(lookups()).toEqual(['Mieszkam/en']);
  });
});

describe('LessonView: no mode switch', () => {
  it('has no "Look up words" toggle; the words of the text open the popover from the annotations', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson({ annotations: makeAnnotations() })} />);
    expect(screen.queryByRole('button', { name: 'Look up words' })).not.toBeInTheDocument();
    // the word of the text (the lesson's exercises below may offer the same form as a button of their own)
    const text = document.querySelector<HTMLElement>('.lesson-text')!;
    await user.click(within(text).getByRole('button', { name: 'Krakowie' }));
    expect(within(screen.getByRole('dialog')).getByText('locative singular of Kraków')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
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
