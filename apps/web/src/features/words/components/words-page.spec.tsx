import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSavedWord } from '@polski/contracts';
import { applyLanguage } from '../../../lib/i18n/i18n';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { WordsPage } from './words-page';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const NOW = new Date('2026-11-26T12:00:00.000Z');

const WORD: TSavedWord = {
  id: '00000000-0000-4000-8000-000000000001',
  lemma: 'mieszkać',
  pos: 'verb',
  form: 'Mieszkam',
  sentence: 'Mieszkam w Krakowie.',
  translation: 'I live in Kraków.',
  meaning: 'to live',
  hub: 'complete-beginner',
  slug: 'complete-beginner-1',
  p: 0,
  s: 1,
  t: 0,
  status: { status: 'learning', stage: 2 },
  due: '2026-11-29T12:00:00.000Z',
  createdAt: '2026-11-25T12:00:00.000Z',
};

const CSV =
  'lemma,status,stage,pos,form,meaning,sentence,translation,hub,slug,due\r\nmieszkać,learning,2,verb\r\n';
const fetchMock = vi.fn<typeof fetch>();
const calls: { method: string; url: string; body: unknown }[] = [];

function serve(words: TSavedWord[]) {
  let list = [...words];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url: `${url.pathname}${url.search}`, body });
    if (url.pathname === '/api/learning/words' && method === 'GET') return jsonResponse(200, list);
    if (url.pathname.startsWith('/api/learning/words/') && method === 'DELETE') {
      list = list.filter((w) => !url.pathname.endsWith(w.id));
      return jsonResponse(200, { lemma: 'mieszkać' });
    }
    if (url.pathname === '/api/learning/statuses') return jsonResponse(200, body);
    if (url.pathname === '/api/learning/export')
      return new Response(url.searchParams.get('format') === 'csv' ? CSV : '#separator:tab\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
    if (url.pathname === '/api/learning/import')
      return jsonResponse(200, {
        imported: 2,
        unchanged: 1,
        notInDictionary: [{ line: 4, text: 'qwerty' }],
        invalid: [{ line: 5, text: 'pies123' }],
      });
    return jsonResponse(404, {});
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  vi.stubGlobal('fetch', fetchMock);
  session.set(makeUser());
  calls.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
  fetchMock.mockReset();
});

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('My words', () => {
  it('lists a saved word: lemma, form, sentence and translation, lesson link, status and next review', async () => {
    serve([WORD]);
    renderWithProviders(<WordsPage />);
    const item = await screen.findByRole('listitem', { name: 'mieszkać verb' });
    expect(within(item).getByText('Mieszkam')).toBeInTheDocument();
    expect(within(item).getByText('Mieszkam w Krakowie.')).toHaveAttribute('lang', 'pl');
    expect(within(item).getByText('I live in Kraków.')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /a lesson of Complete Beginner/i })).toHaveAttribute(
      'href',
      '/complete-beginner/complete-beginner-1',
    );
    expect(within(item).getByText(/in 3 days/)).toHaveAttribute('datetime', WORD.due);
    expect(within(item).getByRole('radio', { name: 'Learning, stage 2' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Saved words (1)' })).toBeInTheDocument();
  });

  it('changes a status and unsaves a word', async () => {
    serve([WORD]);
    const user = userEvent.setup();
    renderWithProviders(<WordsPage />);
    const item = await screen.findByRole('listitem', { name: 'mieszkać verb' });
    await user.click(within(item).getByRole('radio', { name: 'Known' }));
    await waitFor(() => expect(within(item).getByRole('radio', { name: 'Known' })).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ lemma: 'mieszkać', status: 'known' });
    await user.click(within(item).getByRole('button', { name: 'Unsave mieszkać' }));
    expect(await screen.findByText('No saved words yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/learning/words/${WORD.id}`)).toBe(true);
  });

  it('with no saved words, says how to save one', async () => {
    serve([]);
    renderWithProviders(<WordsPage />);
    expect(await screen.findByText('No saved words yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a lesson' })).toHaveAttribute('href', '/learn-polish');
  });

  it('Export CSV downloads the export route’s file (fetched with the token)', async () => {
    serve([WORD]);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:words';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderWithProviders(<WordsPage />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded polski-words.csv.')).toBeInTheDocument();
    const request = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/learning/export'))!;
    expect(String(request[0])).toBe('/api/learning/export?format=csv');
    expect((request[1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer header.payload.signature',
    );
    expect(clicked).toEqual([{ href: 'blob:words', download: 'polski-words.csv' }]);
    expect(await readText(blobs[0])).toBe(CSV);

    await user.click(screen.getByRole('button', { name: 'Export for Anki' }));
    expect(await screen.findByText('Downloaded polski-words.txt.')).toBeInTheDocument();
    expect(clicked[1].download).toBe('polski-words.txt');
    click.mockRestore();
  });

  it('imports a known-words list and shows what was imported, unchanged, not in the dictionary and invalid', async () => {
    serve([]);
    const user = userEvent.setup();
    renderWithProviders(<WordsPage />);
    const box = screen.getByRole('textbox', { name: 'Known words, one per line' });
    const submit = screen.getByRole('button', { name: 'Import known words' });
    expect(submit).toBeDisabled();
    await user.type(box, 'pies{Enter}kot{Enter}dom{Enter}qwerty{Enter}pies123');
    await user.click(submit);
    const result = await screen.findByText(/Imported: 2/);
    expect(result.closest('p')).toHaveTextContent(
      'Imported: 2 marked as known. Unchanged: 1 (already known or ignored). Not in the dictionary: 1. Not a word: 1.',
    );
    expect(screen.getByText('line 4:').closest('li')).toHaveTextContent('line 4: qwerty');
    expect(screen.getByText('line 5:').closest('li')).toHaveTextContent('line 5: pies123');
    expect(calls.find((c) => c.url === '/api/learning/import')?.body).toEqual({
      text: 'pies\nkot\ndom\nqwerty\npies123',
    });
  });

  it('imports the lines of a chosen text file', async () => {
    serve([]);
    const user = userEvent.setup();
    renderWithProviders(<WordsPage />);
    await user.upload(
      screen.getByLabelText('Text file (optional)'),
      new File(['kot\npies\n'], 'known.txt', { type: 'text/plain' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Known words, one per line' })).toHaveValue('kot\npies\n'),
    );
  });
});

describe('My words in the learner’s language', () => {
  beforeEach(() => applyLanguage('de'));
  afterEach(() => applyLanguage('en'));

  /** The import answers a validation error with these issues. */
  function refuse(
    issues: { path: string; code: string; message: string; params?: Record<string, number> }[],
  ) {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/learning/words') return jsonResponse(200, []);
      if (url.pathname === '/api/learning/import')
        return jsonResponse(400, {
          status: 400,
          code: 'validation_failed',
          title: 'One or more validation errors occurred.',
          errors: { text: issues.map((i) => i.message) },
          issues,
        });
      return jsonResponse(404, {});
    });
  }

  async function importText() {
    const user = userEvent.setup();
    renderWithProviders(<WordsPage />);
    await user.type(screen.getByRole('textbox', { name: 'Bekannte Wörter, eines pro Zeile' }), 'kot');
    await user.click(screen.getByRole('button', { name: 'Bekannte Wörter importieren' }));
    return screen.findByRole('alert');
  }

  it('an import refused for its length says so in German, with the number written the German way', async () => {
    refuse([
      {
        path: 'text',
        code: 'too_many_lines',
        message: 'At most 5000 lines (one lemma per line)',
        params: { max: 5000 },
      },
    ]);
    const alert = await importText();
    expect(alert).toHaveTextContent('Höchstens 5.000 Zeilen (eine Grundform pro Zeile)');
    expect(alert).not.toHaveTextContent('At most');
  });

  it('an issue code the catalogue does not know shows the API’s message', async () => {
    refuse([{ path: 'text', code: 'invalid_format', message: 'Invalid input: the text is not a list' }]);
    expect(await importText()).toHaveTextContent('Invalid input: the text is not a list');
  });
});
