import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VocabularyTable } from './vocabulary-table';

describe('VocabularyTable', () => {
  it("shows a noun's gender and a verb's aspect with its partner, in Polish", () => {
    render(
      <VocabularyTable
        items={[
          { pl: 'kapelusz', pos: 'noun', en: 'hat', gender: 'masculine inanimate' },
          { pl: 'zamykać', pos: 'verb', en: 'to close', aspect: 'imperfective', partner: 'zamknąć' },
          { pl: 'mieć', pos: 'verb', en: 'to have', aspect: 'imperfective' },
          { pl: 'szary', pos: 'adjective', en: 'grey' },
        ]}
      />,
    );
    const row = (pl: string) => screen.getByRole('rowheader', { name: pl }).closest('tr')!;
    expect(row('kapelusz')).toHaveTextContent('kapelusznoun, masculine inanimatehat');
    expect(row('zamykać')).toHaveTextContent('verb, imperfective; pair: zamknąć');
    expect(within(row('zamykać')).getByText('zamknąć')).toHaveAttribute('lang', 'pl');
    expect(row('mieć')).toHaveTextContent(/verb, imperfectiveto have$/);
    expect(row('szary')).toHaveTextContent(/^szaryadjectivegrey$/);
  });
});
