import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReviewAnswerResponse, TReviewItem, TReviewQueueResponse } from '@polski/contracts';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ReviewSession } from './review-session';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const NOW = new Date('2026-11-26T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

function card(n: number, over: Partial<TReviewItem> = {}): TReviewItem {
  return {
    cardId: `00000000-0000-4000-8000-00000000000${n}`,
    type: 'meaning',
    isNew: true,
    lemma: 'mieszkać',
    pos: 'verb',
    meaning: 'to live',
    form: 'Mieszkam',
    sentence: 'Mieszkam w Krakowie.',
    translation: 'I live in Kraków.',
    hub: 'complete-beginner',
    slug: 'complete-beginner-1',
    p: 0,
    s: 1,
    intervals: { again: at(MIN), hard: at(5 * MIN), good: at(10 * MIN), easy: at(3 * DAY) },
    ...over,
  };
}

const MEANING = card(1);
const CLOZE = card(2, {
  type: 'cloze',
  isNew: false,
  lemma: 'studentka',
  pos: 'noun',
  meaning: 'student (a woman)',
  form: undefined,
  sentence: 'Jestem ___.',
  translation: "I'm a student.",
});

const fetchMock = vi.fn<typeof fetch>();
const calls: { method: string; path: string; body: unknown }[] = [];

function serve(queue: TReviewQueueResponse, answers: TReviewAnswerResponse[], undoItem?: TReviewItem) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/learning/reviews') return jsonResponse(200, queue);
    if (url.pathname === '/api/learning/reviews/answers') return jsonResponse(200, answers.shift());
    if (url.pathname === '/api/learning/reviews/undo')
      return undoItem
        ? jsonResponse(200, { item: undoItem })
        : jsonResponse(404, { code: 'nothing_to_undo' });
    if (url.pathname === '/api/learning/words') return jsonResponse(200, []);
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

const answersSent = () => calls.filter((c) => c.path === '/api/learning/reviews/answers').map((c) => c.body);

describe('ReviewSession', () => {
  it('meaning recall: Space reveals, the buttons show each grade’s interval, 3 grades Good; then a cloze', async () => {
    serve({ items: [MEANING, CLOZE], newLeft: 9, reviewsLeft: 99 }, [
      { cardId: MEANING.cardId, rating: 'good', due: at(10 * MIN), next: CLOZE },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ReviewSession />);
    expect(await screen.findByText(/What does/)).toHaveTextContent('What does Mieszkam mean here?');
    expect(screen.getByText(/Due now: 1 review and 1 new card/)).toHaveTextContent(
      'Today’s limits allow 9 more new cards and 99 more reviews.',
    );
    expect(screen.getByText('Mieszkam', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.queryByText('to live')).not.toBeInTheDocument();
    // no grading before the answer is shown
    expect(screen.queryByRole('button', { name: /^Good/ })).not.toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByText('to live')).toBeInTheDocument();
    const grades = within(screen.getByRole('group', { name: 'How well did you know it?' }));
    expect(grades.getByRole('button', { name: 'Again, next review in 1 minute' })).toBeInTheDocument();
    expect(grades.getByRole('button', { name: 'Hard, next review in 5 minutes' })).toBeInTheDocument();
    expect(grades.getByRole('button', { name: 'Good, next review in 10 minutes' })).toBeInTheDocument();
    expect(grades.getByRole('button', { name: 'Easy, next review in 3 days' })).toBeInTheDocument();
    await user.keyboard('3');
    await waitFor(() => expect(answersSent()).toHaveLength(1));
    expect(answersSent()[0]).toMatchObject({ cardId: MEANING.cardId, type: 'meaning', rating: 'good' });
    expect(answersSent()[0]).not.toHaveProperty('typed');
    expect(await screen.findByText('Good: “mieszkać” comes back in 10 minutes.')).toBeInTheDocument();
    // the cloze: the sentence with its gap, the answer box has focus
    expect(screen.getByText('Fill the gap')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'The missing word' })).toHaveFocus();
  });

  it('cloze: the typed word is sent with the grade; the server’s score and the word are shown; Enter goes on', async () => {
    serve({ items: [CLOZE], newLeft: 10, reviewsLeft: 100 }, [
      {
        cardId: CLOZE.cardId,
        rating: 'hard',
        score: 'almost',
        expected: 'studentką',
        due: at(5 * MIN),
        next: null,
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ReviewSession />);
    const box = await screen.findByRole('textbox', { name: 'The missing word' });
    await user.type(box, 'studentka');
    await user.keyboard('2');
    await waitFor(() => expect(answersSent()).toHaveLength(1));
    expect(answersSent()[0]).toMatchObject({
      cardId: CLOZE.cardId,
      type: 'cloze',
      rating: 'hard',
      typed: 'studentka',
    });
    expect(await screen.findByText(/Almost: mind the letters\./)).toHaveTextContent(
      'The word is studentką (you typed studentka).',
    );
    expect(screen.getByText('Hard: it comes back in 5 minutes.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Well done: that’s all for now')).toBeInTheDocument();
  });

  it('U undoes the last answer: the card is shown again, and the server was asked', async () => {
    serve(
      { items: [MEANING], newLeft: 10, reviewsLeft: 100 },
      [{ cardId: MEANING.cardId, rating: 'again', due: at(MIN), next: null }],
      MEANING,
    );
    const user = userEvent.setup();
    renderWithProviders(<ReviewSession />);
    await user.click(await screen.findByRole('button', { name: 'Show the answer' }));
    await user.click(screen.getByRole('button', { name: /^Again/ }));
    expect(await screen.findByText('Well done: that’s all for now')).toBeInTheDocument();
    await user.keyboard('u');
    expect(await screen.findByText('Undone: “mieszkać” is back.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/learning/reviews/undo')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Show the answer' })).toBeInTheDocument();
    // nothing more to undo in this session: U does nothing
    await user.keyboard('u');
    expect(calls.filter((c) => c.path === '/api/learning/reviews/undo')).toHaveLength(1);
  });

  it('listening: plays the sentence’s stretch of the track, and P plays it again', async () => {
    const played: { src: string; at: number }[] = [];
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      played.push({ src: this.getAttribute('src') ?? '', at: this.currentTime });
      return Promise.resolve();
    });
    const readyState = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'readyState')!;
    Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
    const listening = card(3, {
      type: 'listening',
      isNew: false,
      form: undefined,
      sentence: '___ w Krakowie.',
      audio: {
        url: '/api/content/media/lessons/complete-beginner/complete-beginner-1/normal.mp3',
        startMs: 2500,
        endMs: 4500,
      },
    });
    serve({ items: [listening], newLeft: 10, reviewsLeft: 100 }, []);
    const user = userEvent.setup();
    renderWithProviders(<ReviewSession />);
    expect(await screen.findByText('Listening')).toBeInTheDocument();
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0]).toEqual({ src: listening.audio!.url, at: 2.5 });
    await user.click(screen.getByRole('button', { name: 'Play the sentence' }));
    expect(played).toHaveLength(2);
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await user.keyboard('p');
    expect(played).toHaveLength(3);
    play.mockRestore();
    Object.defineProperty(HTMLMediaElement.prototype, 'readyState', readyState);
  });

  it('when finished, "Check for due cards" asks again and goes on with what has come due', async () => {
    let queue: TReviewQueueResponse = { items: [], newLeft: 10, reviewsLeft: 100 };
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/learning/reviews') return jsonResponse(200, queue);
      if (path === '/api/learning/words')
        return jsonResponse(200, [
          {
            id: '00000000-0000-4000-8000-000000000009',
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
            status: { status: 'learning', stage: 1 },
            due: at(MIN),
            createdAt: at(-DAY),
          },
        ]);
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewSession />);
    expect(
      await screen.findByText('Your next card is due in 1 minute', { exact: false }),
    ).toBeInTheDocument();
    // the done state's picture: decorative, sized, lazily loaded (docs/product.md, "Illustrations")
    const art = document.querySelector('img.state-art')!;
    expect(art.getAttribute('src')).toContain('reviews-done');
    expect([art.getAttribute('alt'), art.getAttribute('width'), art.getAttribute('height')]).toEqual([
      '',
      '320',
      '200',
    ]);
    expect(art).toHaveAttribute('loading', 'lazy');
    queue = { items: [MEANING], newLeft: 9, reviewsLeft: 100 };
    await user.click(screen.getByRole('button', { name: 'Check for due cards' }));
    expect(await screen.findByRole('button', { name: 'Show the answer' })).toBeInTheDocument();
  });

  it('says what to do when there is nothing to review and no saved words', async () => {
    serve({ items: [], newLeft: 10, reviewsLeft: 100 }, []);
    renderWithProviders(<ReviewSession />);
    expect(await screen.findByRole('heading', { name: 'No words to review yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a lesson' })).toHaveAttribute('href', '/learn-polish');
    expect(document.querySelector('img.state-art')!.getAttribute('src')).toContain('no-saved-words');
  });

  it('documents its keyboard shortcuts on the page', async () => {
    serve({ items: [MEANING], newLeft: 10, reviewsLeft: 100 }, []);
    renderWithProviders(<ReviewSession />);
    const help = await screen.findByRole('region', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('1 Again, 2 Hard, 3 Good, 4 Easy, U undo the last answer');
  });
});
