import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLesson } from '../testing/lesson-fixture';
import { LessonText } from './lesson-text';

const { paragraphs } = makeLesson();

describe('LessonText: translations on demand', () => {
  it('shows the Polish text by paragraph, each sentence a button with no translation yet', () => {
    const { container } = render(<LessonText paragraphs={paragraphs} showAll={false} />);
    expect(container.querySelectorAll('.lesson-paragraph')).toHaveLength(2);
    const sentence = screen.getByRole('button', { name: 'Cześć! Jestem Ania.' });
    expect(sentence).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText("Hi! I'm Ania.")).not.toBeInTheDocument();
  });

  it('a click shows that sentence’s translation and a second click hides it', async () => {
    const user = userEvent.setup();
    render(<LessonText paragraphs={paragraphs} showAll={false} />);
    const sentence = screen.getByRole('button', { name: 'Cześć! Jestem Ania.' });
    await user.click(sentence);
    expect(sentence).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText("Hi! I'm Ania.")).toHaveAttribute('lang', 'en');
    // only that one
    expect(screen.queryByText('I live in Kraków.')).not.toBeInTheDocument();
    await user.click(sentence);
    expect(screen.queryByText("Hi! I'm Ania.")).not.toBeInTheDocument();
  });

  it('works from the keyboard: Tab to a sentence, Enter or Space toggles it', async () => {
    const user = userEvent.setup();
    render(<LessonText paragraphs={paragraphs} showAll={false} />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mieszkam w Krakowie.' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('I live in Kraków.')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.queryByText('I live in Kraków.')).not.toBeInTheDocument();
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
