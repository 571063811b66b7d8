import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLesson } from '../testing/lesson-fixture';
import LessonExercises from './lesson-exercises';

const lesson = makeLesson();
const exercises = lesson.exercises ?? [];
const renderExercises = (list = exercises) => render(<LessonExercises exercises={list} text={lesson} />);
const group = (name: string) => screen.getByRole('region', { name });

describe('LessonExercises', () => {
  it('groups the exercises by type, each with its English instruction and the sentence’s translation', () => {
    renderExercises();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Fill in the missing word',
      'Put the words in order',
      'Choose the right form',
    ]);
    expect(within(group('Fill in the missing word')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(group('Fill in the missing word')).getByText('I live in Kraków.')).toBeInTheDocument();
    expect(within(group('Choose the right form')).getByText('(studentka)')).toBeInTheDocument();
  });

  describe('cloze', () => {
    const input = () => screen.getByRole('textbox', { name: 'Missing word, sentence 1' });
    const cloze = () => within(group('Fill in the missing word')).getAllByRole('listitem')[0];

    it('the exact word is correct and settles the item', async () => {
      const user = userEvent.setup();
      renderExercises();
      await user.type(input(), 'Krakowie{Enter}');
      expect(within(cloze()).getByRole('status')).toHaveTextContent('Correct!');
      expect(input()).toHaveAttribute('readonly');
      expect(within(cloze()).getByRole('button', { name: 'Check' })).toBeDisabled();
    });

    it('the word without its diacritics is almost, with the correct spelling shown', async () => {
      const user = userEvent.setup();
      renderExercises();
      await user.type(screen.getByRole('textbox', { name: 'Missing word, sentence 2' }), 'czesc');
      const second = within(group('Fill in the missing word')).getAllByRole('listitem')[1];
      await user.click(within(second).getByRole('button', { name: 'Check' }));
      expect(within(second).getByRole('status')).toHaveTextContent('Almost! The correct spelling is Cześć.');
    });

    it('a wrong word can be tried again, or the answer shown', async () => {
      const user = userEvent.setup();
      renderExercises();
      await user.type(input(), 'Warszawie{Enter}');
      expect(within(cloze()).getByRole('status')).toHaveTextContent('Not quite. Try again, or show the answer.');
      expect(input()).toHaveAttribute('aria-invalid', 'true');
      await user.clear(input());
      expect(within(cloze()).getByRole('status')).toHaveTextContent('');
      await user.type(input(), 'Gdańsku{Enter}');
      await user.click(within(cloze()).getByRole('button', { name: 'Show the answer' }));
      expect(within(cloze()).getByRole('status')).toHaveTextContent('The answer is Krakowie.');
    });

    it('an empty answer is not scored', async () => {
      const user = userEvent.setup();
      renderExercises();
      await user.click(within(cloze()).getByRole('button', { name: 'Check' }));
      expect(within(cloze()).getByRole('status')).toHaveTextContent('Type the missing word first.');
    });
  });

  describe('word order', () => {
    const item = () => group('Put the words in order');
    const bank = () => within(item()).getByRole('group', { name: 'Words to use' });

    it('shows the words shuffled, not in an order that is already right', () => {
      renderExercises();
      const shown = within(bank())
        .getAllByRole('button')
        .map((b) => b.textContent);
      expect([...shown].sort()).toEqual(['Krakowie', 'mieszkam', 'w'].sort());
      expect(shown).not.toEqual(['mieszkam', 'w', 'Krakowie']);
      expect(shown).not.toEqual(['w', 'Krakowie', 'mieszkam']);
    });

    it('the text’s order is correct; Check waits until every word is placed', async () => {
      const user = userEvent.setup();
      renderExercises();
      const check = within(item()).getByRole('button', { name: 'Check' });
      for (const w of ['mieszkam', 'w']) await user.click(within(bank()).getByRole('button', { name: w }));
      expect(check).toBeDisabled();
      await user.click(within(bank()).getByRole('button', { name: 'Krakowie' }));
      expect(within(item()).getByRole('group', { name: 'Your sentence: mieszkam w Krakowie' })).toBeInTheDocument();
      await user.click(check);
      expect(within(item()).getByRole('status')).toHaveTextContent('Correct!');
    });

    it('an order listed as also correct is correct, and the text’s sentence is shown', async () => {
      const user = userEvent.setup();
      renderExercises();
      for (const w of ['w', 'Krakowie', 'mieszkam']) await user.click(within(bank()).getByRole('button', { name: w }));
      await user.click(within(item()).getByRole('button', { name: 'Check' }));
      expect(within(item()).getByRole('status')).toHaveTextContent('Correct! The text says: Mieszkam w Krakowie.');
    });

    it('a wrong order: a placed word goes back with a tap; Start over and Show the answer', async () => {
      const user = userEvent.setup();
      renderExercises();
      for (const w of ['Krakowie', 'w', 'mieszkam']) await user.click(within(bank()).getByRole('button', { name: w }));
      await user.click(within(item()).getByRole('button', { name: 'Check' }));
      expect(within(item()).getByRole('status')).toHaveTextContent('Not quite.');
      const answer = within(item()).getByRole('group', { name: /^Your sentence/ });
      await user.click(within(answer).getByRole('button', { name: 'Krakowie' }));
      expect(within(answer).getAllByRole('button').map((b) => b.textContent)).toEqual(['w', 'mieszkam']);
      expect(within(item()).getByRole('status')).toHaveTextContent('');
      await user.click(within(item()).getByRole('button', { name: 'Start over' }));
      expect(within(bank()).getAllByRole('button')).toHaveLength(3);
      for (const w of ['w', 'mieszkam', 'Krakowie']) await user.click(within(bank()).getByRole('button', { name: w }));
      await user.click(within(item()).getByRole('button', { name: 'Check' }));
      await user.click(within(item()).getByRole('button', { name: 'Show the answer' }));
      expect(within(item()).getByRole('status')).toHaveTextContent('The text says: Mieszkam w Krakowie.');
    });

    it('works from the keyboard: focus stays on the next word, then on Check', async () => {
      const user = userEvent.setup();
      renderExercises();
      const first = within(bank()).getAllByRole('button')[0];
      first.focus();
      await user.keyboard('{Enter}');
      await new Promise((r) => requestAnimationFrame(r));
      expect(document.activeElement).toBe(within(bank()).getAllByRole('button')[0]);
      await user.keyboard('{Enter}');
      await new Promise((r) => requestAnimationFrame(r));
      await user.keyboard('{Enter}');
      await new Promise((r) => requestAnimationFrame(r));
      expect(document.activeElement).toBe(within(item()).getByRole('button', { name: 'Check' }));
    });
  });

  describe('form in context', () => {
    const item = () => group('Choose the right form');

    it('the right form is correct and fills the gap', async () => {
      const user = userEvent.setup();
      renderExercises();
      await user.click(within(item()).getByRole('button', { name: 'studentką' }));
      expect(within(item()).getByRole('status')).toHaveTextContent('Correct!');
      expect(within(item()).getByRole('button', { name: /studentką/ })).toHaveClass('is-correct');
    });

    it('another form is incorrect, and the right one is named', async () => {
      const user = userEvent.setup();
      renderExercises();
      await user.click(within(item()).getByRole('button', { name: 'studentki' }));
      expect(within(item()).getByRole('status')).toHaveTextContent('Incorrect. The right form is studentką.');
      // settled: a second choice changes nothing
      await user.click(within(item()).getByRole('button', { name: /studentką/ }));
      expect(within(item()).getByRole('status')).toHaveTextContent('Incorrect.');
    });
  });
});
