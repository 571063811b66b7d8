import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLesson } from '../testing/lesson-fixture';
import { LessonQuestions } from './lesson-questions';

const { questions } = makeLesson();
const group = (n: number) => screen.getByRole('group', { name: new RegExp(`^${n}\\.`) });

describe('LessonQuestions: answer checking and score', () => {
  it('a correct choice says Correct! and counts in the score', async () => {
    const user = userEvent.setup();
    render(<LessonQuestions questions={questions} />);
    expect(screen.queryByText(/Score/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ania' }));
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Score: 1 / 3');
  });

  it('a wrong choice says Incorrect, reveals the right answer and settles the question', async () => {
    const user = userEvent.setup();
    render(<LessonQuestions questions={questions} />);
    await user.click(screen.getByRole('button', { name: 'W Gdańsku' }));
    expect(screen.getByText('Incorrect. The right answer is: W Krakowie')).toBeInTheDocument();
    const right = screen.getByRole('button', { name: /W Krakowie/ });
    expect(right).toHaveClass('is-correct');
    expect(right).toHaveTextContent('(correct answer)');
    expect(screen.getByRole('button', { name: /W Gdańsku/ })).toHaveClass('is-wrong');
    // a second choice does not change a settled question
    await user.click(right);
    expect(screen.getByText('Incorrect. The right answer is: W Krakowie')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Score: 0 / 3');
    expect(group(2)).toBeInTheDocument();
  });

  it('all correct: the full score, and onAllCorrect is called once', async () => {
    const user = userEvent.setup();
    const onAllCorrect = vi.fn();
    render(<LessonQuestions questions={questions} onAllCorrect={onAllCorrect} />);
    await user.click(screen.getByRole('button', { name: 'Ania' }));
    await user.click(screen.getByRole('button', { name: 'W Krakowie' }));
    expect(onAllCorrect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Studentką' }));
    expect(screen.getByRole('status')).toHaveTextContent('Score: 3 / 3 · Excellent, all correct!');
    expect(onAllCorrect).toHaveBeenCalledTimes(1);
  });

  it('one mistake: no completion; Try again starts over', async () => {
    const user = userEvent.setup();
    const onAllCorrect = vi.fn();
    render(<LessonQuestions questions={questions} onAllCorrect={onAllCorrect} />);
    await user.click(screen.getByRole('button', { name: 'Ola' }));
    await user.click(screen.getByRole('button', { name: 'W Krakowie' }));
    await user.click(screen.getByRole('button', { name: 'Studentką' }));
    expect(screen.getByRole('status')).toHaveTextContent('Score: 2 / 3');
    expect(onAllCorrect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByText(/Score/)).not.toBeInTheDocument();
    expect(screen.queryByText('Correct!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ania' }));
    expect(screen.getByText('Correct!')).toBeInTheDocument();
  });
});
