import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TGrammarNote } from '@polski/contracts';
import { renderWithProviders } from '../../../test/render';
import { makeLesson } from '../testing/lesson-fixture';
import { GrammarNotes } from './grammar-notes';
import { LessonView } from './lesson-view';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const BYC: TGrammarNote = {
  topic: 'byc-present',
  title: 'The verb być (to be) in the present',
  explanation: 'Być means “to be”.',
  table: {
    caption: 'być in the present tense',
    columns: ['person', 'singular', 'plural'],
    rows: [
      ['1st person', '(ja) jestem', '(my) jesteśmy'],
      ['3rd person', '(on, ona, ono) jest', '(oni, one) są'],
    ],
  },
  examples: [
    { paragraph: 0, sentence: 0, word: 'Jestem', start: 7, end: 13, en: 'jestem: 1st person singular of być' },
    { paragraph: 1, sentence: 0, word: 'Jestem', start: 0, end: 6, en: 'jestem again, in the second paragraph' },
  ],
};
const lesson = () => makeLesson({ grammar: [BYC] });

describe('GrammarNotes', () => {
  it('is collapsed to the topics under a "Grammar" heading until opened', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GrammarNotes notes={[BYC]} onShowExample={vi.fn()} />);
    const section = screen.getByRole('region', { name: 'Grammar' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Grammar' })).toBeInTheDocument();
    expect(section).toHaveTextContent('This lesson practises The verb być (to be) in the present.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show grammar notes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide grammar notes');
    expect(screen.getByRole('heading', { level: 3, name: BYC.title })).toBeInTheDocument();
    expect(screen.getByText(BYC.explanation)).toBeInTheDocument();
  });

  it('draws the table with a caption, column headers and row headers', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GrammarNotes notes={[BYC]} onShowExample={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Show grammar notes' }));
    const table = screen.getByRole('table', { name: 'być in the present tense' });
    const cols = within(table).getAllByRole('columnheader');
    expect(cols.map((c) => c.textContent)).toEqual(['person', 'singular', 'plural']);
    for (const c of cols) expect(c).toHaveAttribute('scope', 'col');
    const rows = within(table).getAllByRole('rowheader');
    expect(rows.map((r) => r.textContent)).toEqual(['1st person', '3rd person']);
    for (const r of rows) expect(r).toHaveAttribute('scope', 'row');
    expect(within(table).getByRole('cell', { name: '(ja) jestem' })).toHaveAttribute('lang', 'pl');
    // the table scrolls in its own box, which the keyboard can reach
    const box = screen.getByRole('region', { name: 'być in the present tense' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toContainElement(table);
  });

  it('lists the examples as buttons that report which example to show', async () => {
    const user = userEvent.setup();
    const onShow = vi.fn();
    renderWithProviders(<GrammarNotes notes={[BYC]} onShowExample={onShow} />);
    await user.click(screen.getByRole('button', { name: 'Show grammar notes' }));
    const buttons = screen.getAllByRole('button', { name: 'Jestem: show in the text' });
    expect(buttons).toHaveLength(2);
    expect(screen.getByText('jestem: 1st person singular of być')).toBeInTheDocument();
    await user.click(buttons[1]);
    expect(onShow).toHaveBeenCalledWith(BYC.examples[1]);
    expect(screen.getByRole('status')).toHaveTextContent('“Jestem” is highlighted in the text.');
  });
});

describe('LessonView with grammar notes', () => {
  it('puts the Grammar section before the text', () => {
    renderWithProviders(<LessonView lesson={lesson()} />);
    const grammar = screen.getByRole('heading', { level: 2, name: 'Grammar' });
    const text = screen.getByRole('heading', { level: 2, name: 'Text' });
    expect(grammar.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no Grammar section when the lesson has no notes', () => {
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    expect(screen.queryByRole('heading', { name: 'Grammar' })).not.toBeInTheDocument();
  });

  it('an example highlights its word in the text and moves focus to it; the next example moves the mark', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={lesson()} />);
    await user.click(screen.getByRole('button', { name: 'Show grammar notes' }));
    await user.click(screen.getAllByRole('button', { name: 'Jestem: show in the text' })[0]);
    const marked = () => [...document.querySelectorAll<HTMLElement>('.lesson-text button.word.grammar-mark')];
    expect(marked().map((b) => b.textContent)).toEqual(['Jestem']);
    expect(marked()[0]).toHaveFocus();
    // the first "Jestem" of the text, in "Cześć! Jestem Ania."
    expect(marked()[0].closest('.sentence')).toHaveTextContent(/^Cześć! Jestem Ania\./);

    // the second example moves the mark to its own sentence
    await user.click(screen.getAllByRole('button', { name: 'Jestem: show in the text' })[1]);
    expect(marked()).toHaveLength(1);
    expect(marked()[0].closest('.sentence')).toHaveTextContent(/^Jestem studentką\./);
    expect(marked()[0]).toHaveFocus();
  });

  it('shows a hidden text (listening) before marking the word', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson({ grammar: [BYC], listening: true })} />);
    expect(document.querySelector('.lesson-text')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show grammar notes' }));
    await user.click(screen.getAllByRole('button', { name: 'Jestem: show in the text' })[0]);
    const marked = document.querySelector<HTMLElement>('.lesson-text button.word.grammar-mark');
    expect(marked).toHaveTextContent(/^Jestem$/);
    expect(marked).toHaveFocus();
  });
});
