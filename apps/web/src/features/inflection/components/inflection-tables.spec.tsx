import { screen, within } from '@testing-library/react';
import type { TInflectionResponse } from '@polski/contracts';
import { applyLanguage } from '../../../lib/i18n/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { InflectionTables } from '../index';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const STUDENTKA: TInflectionResponse = {
  lemma: 'studentka',
  pos: 'noun',
  tables: [
    {
      title: 'Declension',
      columns: ['Singular', 'Plural'],
      rows: [
        {
          label: 'Nominative',
          cells: [
            { forms: ['studentka'], tags: ['subst:sg:nom:f'] },
            { forms: ['studentki'], tags: ['subst:pl:nom.acc.voc:f'] },
          ],
        },
        {
          label: 'Instrumental',
          cells: [
            { forms: ['studentką'], tags: ['subst:sg:inst:f'] },
            { forms: ['studentkami'], tags: ['subst:pl:inst:f'] },
          ],
        },
      ],
    },
  ],
};

const requested = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost'));

describe('InflectionTables', () => {
  it('a real table: caption, column and row headers; the form seen (by its tag) highlighted and named', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, STUDENTKA));
    renderWithProviders(<InflectionTables lemma="studentka" pos="noun" tag="subst:sg:inst:f" />);
    const table = await screen.findByRole('table', { name: /Declension/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Singular', 'Plural']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Nominative', 'Instrumental']);
    expect(within(table).getAllByRole('columnheader')[0]).toHaveAttribute('scope', 'col');
    const seen = table.querySelectorAll('td.is-seen');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveTextContent('studentką (the form you saw)');
    // a region of its own that scrolls, reachable from the keyboard
    expect(screen.getByRole('region', { name: /Declension/ })).toHaveAttribute('tabindex', '0');
    const url = requested()[0];
    expect(url.pathname).toBe('/api/words/inflection');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lemma: 'studentka', pos: 'noun' });
  });

  it('without a tag, highlights the cells holding the form', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, STUDENTKA));
    renderWithProviders(<InflectionTables lemma="studentka" pos="noun" form="Studentki" />);
    const table = await screen.findByRole('table');
    expect(Array.from(table.querySelectorAll('td.is-seen')).map((td) => td.textContent)).toEqual([
      'studentki (the form you saw)',
    ]);
  });

  it('an unknown lemma says so, without a toast', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, {
        status: 404,
        code: 'not_found',
        message: '“xyz” (noun) is not in the dictionary.',
      }),
    );
    renderWithProviders(<InflectionTables lemma="xyz" pos="noun" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The dictionary has no table for “xyz”.');
  });
});

/** An answer with the ids the API sends beside its English (docs/i18n.md, "What the API sends"). */
const LEPSZY: TInflectionResponse = {
  lemma: 'dobry',
  pos: 'adjective',
  tables: [
    {
      title: 'Comparative: lepszy',
      id: 'table.comparativeOf',
      params: { form: 'lepszy' },
      columns: ['Feminine singular', 'Plural, masculine personal (men)'],
      columnIds: ['gender.f.sg', 'gender.mPersonal.pl'],
      rows: [
        {
          label: 'Genitive',
          id: 'case.gen',
          cells: [
            { forms: ['lepszej'], tags: ['adj:sg:gen:f:com'] },
            { forms: ['lepszych'], tags: ['adj:pl:gen:m1:com'] },
          ],
        },
        {
          // an id this web app does not know yet: its English as the API sends it
          label: 'Ablative',
          id: 'case.abl',
          cells: [
            { forms: ['lepszą'], tags: [] },
            { forms: [], tags: [] },
          ],
        },
      ],
      note: 'Reflexive: się goes with every form (uczę się).',
      noteId: 'note.reflexive',
      noteParams: { sie: 'się', example: 'uczę się' },
    },
    {
      // an older API: no ids at all
      title: 'Declension',
      columns: ['Feminine singular'],
      rows: [{ label: 'Genitive', cells: [{ forms: ['dobrej'], tags: [] }] }],
    },
  ],
};

describe('InflectionTables in the learner’s language', () => {
  beforeEach(() => applyLanguage('de'));
  afterEach(() => applyLanguage('en'));

  it('says titles, headings, rows and notes through the catalogue by their ids, with the Polish words', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, LEPSZY));
    renderWithProviders(<InflectionTables lemma="dobry" pos="adjective" />);
    const [comparative, older] = await screen.findAllByRole('table');
    const caption = within(comparative).getByText(/Komparativ: lepszy/);
    expect(caption.closest('caption')).toHaveTextContent(
      'Komparativ: lepszy (dobry)Reflexiv: się steht bei jeder Form (uczę się).',
    );
    expect(
      within(comparative)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Femininum Singular', 'Plural, maskulin-personal (Männer)']);
    expect(
      within(comparative)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Genitiv', 'Ablative']);
    // without ids, the English the API sent
    expect(within(older).getByRole('columnheader')).toHaveTextContent('Feminine singular');
    expect(within(older).getByRole('rowheader')).toHaveTextContent('Genitive');
    expect(older.querySelector('caption')).toHaveTextContent('Declension (dobry)');
  });

  it('a rate limit is said in the learner’s language, not in the API’s English', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        status: 429,
        code: 'rate_limited',
        message: 'You have checked many words in a short time. Please wait a minute and try again.',
      }),
    );
    renderWithProviders(<InflectionTables lemma="dobry" pos="adjective" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut.',
    );
  });
});
