import { screen, within } from '@testing-library/react';
import { renderWithProviders as render } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { makeAnnotations, makeLesson } from '../testing/lesson-fixture';
import { LessonText } from './lesson-text';

const { paragraphs } = makeLesson();

describe('LessonText: translations on demand', () => {
  it('shows the Polish text by paragraph, each word a button, no translation yet', () => {
    const { container } = render(<LessonText paragraphs={paragraphs} showAll={false} annotations={makeAnnotations()} />);
    expect(container.querySelectorAll('.lesson-paragraph')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cześć! Jestem Ania.' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cześć' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByText("Hi! I'm Ania.")).not.toBeInTheDocument();
  });

  it('a word’s popover shows that sentence’s translation in one more tap, and hides it again', async () => {
    const user = userEvent.setup();
    render(<LessonText paragraphs={paragraphs} showAll={false} annotations={makeAnnotations()} />);
    await user.click(screen.getByRole('button', { name: 'Ania' }));
    const popover = screen.getByRole('dialog', { name: 'Ania' });
    const show = within(popover).getByRole('button', { name: 'Show sentence translation' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(screen.getByText("Hi! I'm Ania.")).toHaveAttribute('lang', 'en');
    // only that one
    expect(screen.queryByText('I live in Kraków.')).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Hide sentence translation' }));
    expect(screen.queryByText("Hi! I'm Ania.")).not.toBeInTheDocument();
  });

  it("marks each translation with its language: the answer's, English for a text left in English", () => {
    // a German answer whose p0.s1 had no German (fallback): the fixture's texts stand in for the German ones
    render(
      <LessonText
        paragraphs={paragraphs}
        showAll
        annotations={makeAnnotations()}
        translations={{ lang: 'de', fallback: ['p0.s1'] }}
      />,
    );
    expect(screen.getByText("Hi! I'm Ania.")).toHaveAttribute('lang', 'de');
    expect(screen.getByText('I live in Kraków.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText("I'm a student.")).toHaveAttribute('lang', 'de');
  });

  it('works from the keyboard: Tab to the text, arrows to a word, Enter, Tab to the translation button', async () => {
    const user = userEvent.setup();
    render(<LessonText paragraphs={paragraphs} showAll={false} annotations={makeAnnotations()} />);
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    const popover = screen.getByRole('dialog', { name: 'Mieszkam' });
    expect(popover).toHaveFocus();
    await user.tab(); // Close
    await user.tab(); // no voice in jsdom, so no Hear it button: All forms
    await user.tab(); // the translation
    expect(within(popover).getByRole('button', { name: 'Show sentence translation' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('I live in Kraków.')).toBeInTheDocument();
  });

  it('"show all" shows every translation', () => {
    render(<LessonText paragraphs={paragraphs} showAll />);
    for (const en of ["Hi! I'm Ania.", 'I live in Kraków.', "I'm a student."]) {
      expect(screen.getByText(en)).toBeInTheDocument();
    }
  });

  it('dialogue turns show their speaker; the sentence being read is marked current', () => {
    const dialogue = [
      {
        sentences: [
          { speaker: 'Anna', pl: 'Dzień dobry.', en: 'Good morning.' },
          { speaker: 'Pani Beata', pl: 'Słucham panią.', en: 'How can I help?' },
        ],
      },
    ];
    const { container } = render(<LessonText paragraphs={dialogue} showAll={false} current={1} />);
    const turns = container.querySelectorAll('.dialogue-turn');
    expect(turns).toHaveLength(2);
    expect(within(turns[0] as HTMLElement).getByText('Anna:')).toBeInTheDocument();
    expect(within(turns[1] as HTMLElement).getByText('Pani Beata:')).toBeInTheDocument();
    expect(turns[1]).toHaveAttribute('aria-current', 'true');
    expect(turns[1]).toHaveClass('is-reading');
    expect(turns[0]).not.toHaveAttribute('aria-current');
  });
});
