import { screen, within } from '@testing-library/react';
import type { TInflectionResponse } from '@polski/contracts';
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
