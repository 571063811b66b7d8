import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TSavedWord, TWordStatusValue } from '@polski/contracts';
import { makeAnnotations, makeLesson } from '../features/content/testing/lesson-fixture';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { jsonResponse, makeUser } from '../test/fixtures';
import { routes } from './router';

vi.mock('../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/**
 * The lesson with the words feature (docs/product.md, "Saved words and review"): statuses in the text, save and
 * status in the word popover and the vocabulary list, "mark the remaining new words as known".
 */
const LESSON_URL = '/api/content/lessons/complete-beginner/complete-beginner-1';
const STATUSES_URL = '/api/learning/statuses/lessons/complete-beginner/complete-beginner-1';
const fetchMock = vi.fn<typeof fetch>();

interface TServer {
  /** The lesson comes without word annotations (an older answer). */
  bare?: boolean;
  statuses: Record<string, TWordStatusValue>;
  saved: TSavedWord[];
  bodies: { method: string; path: string; body: unknown }[];
}

function savedWord(lemma: string, form: string, over: Partial<TSavedWord> = {}): TSavedWord {
  return {
    id: `00000000-0000-4000-8000-${String(lemma.length).padStart(12, '0')}`,
    lemma,
    pos: 'verb',
    form,
    sentence: 'Mieszkam w Krakowie.',
    translation: 'I live in Kraków.',
    meaning: 'to live',
    hub: 'complete-beginner',
    slug: 'complete-beginner-1',
    p: 0,
    s: 1,
    t: 0,
    status: { status: 'learning', stage: 1 },
    due: '2026-11-26T12:00:00.000Z',
    createdAt: '2026-11-26T12:00:00.000Z',
    ...over,
  };
}

/** The learning routes as the API answers them, over an in-memory learner. */
function serve(server: TServer) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname.startsWith('/api/learning')) server.bodies.push({ method, path: url.pathname, body });
    if (url.pathname === LESSON_URL)
      return jsonResponse(200, server.bare ? makeLesson() : makeLesson({ annotations: makeAnnotations() }));
    if (url.pathname === STATUSES_URL) return jsonResponse(200, { statuses: server.statuses });
    if (url.pathname === '/api/learning/words' && method === 'GET') return jsonResponse(200, server.saved);
    if (url.pathname === '/api/learning/words' && method === 'POST') {
      const word = savedWord('mieszkać', 'Mieszkam', { p: body.p, s: body.s, t: body.t });
      server.saved = [word, ...server.saved];
      server.statuses['mieszkać'] ??= { status: 'learning', stage: 1 };
      return jsonResponse(201, word);
    }
    if (url.pathname.startsWith('/api/learning/words/') && method === 'DELETE') {
      const id = url.pathname.split('/').pop();
      const word = server.saved.find((w) => w.id === id);
      server.saved = server.saved.filter((w) => w.id !== id);
      return jsonResponse(200, { lemma: word?.lemma });
    }
    if (url.pathname === '/api/learning/statuses' && method === 'PUT') {
      const { lemma, ...value } = body;
      if (value.status === 'new') delete server.statuses[lemma];
      else server.statuses[lemma] = value;
      return jsonResponse(200, body);
    }
    if (url.pathname === '/api/learning/statuses/known' && method === 'POST') {
      const fresh = (body.lemmas as string[]).filter((l) => !server.statuses[l]);
      for (const l of fresh) server.statuses[l] = { status: 'known' };
      return jsonResponse(200, { marked: fresh.length });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  fetchMock.mockReset();
});

function openLesson() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider
        router={createMemoryRouter(routes, { initialEntries: ['/complete-beginner/complete-beginner-1'] })}
      />
    </QueryClientProvider>,
  );
  return {
    user,
    ready: () => screen.findByRole('heading', { level: 1, name: 'Cześć, jestem Ania' }, { timeout: 15_000 }),
  };
}

const learningRequests = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/learning'));
const text = () => document.querySelector<HTMLElement>('.lesson-text')!;
const word = (name: string, n = 0) => within(text()).getAllByRole('button', { name })[n];

vi.setConfig({ testTimeout: 30_000 });

describe('a visitor reading a lesson', () => {
  it('makes no learning request; words are not marked; the popover and the vocabulary offer the sign-in', async () => {
    const server: TServer = { statuses: {}, saved: [], bodies: [] };
    serve(server);
    const { user, ready } = openLesson();
    await ready();
    expect(word('Mieszkam')).not.toHaveClass('ws-new');
    expect(word('Mieszkam')).not.toHaveAttribute('aria-describedby');
    await user.click(word('Mieszkam'));
    const popover = screen.getByRole('dialog', { name: 'Mieszkam' });
    expect(within(popover).getByRole('button', { name: 'Log in to save this word' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in to save: mieszkać' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark the remaining new words/ })).not.toBeInTheDocument();
    expect(learningRequests()).toEqual([]);
  });
});

describe('a signed-in learner reading a lesson', () => {
  beforeEach(() => session.set(makeUser()));

  it('a lesson without word annotations offers no saving and asks for no statuses', async () => {
    const server: TServer = { bare: true, statuses: {}, saved: [], bodies: [] };
    serve(server);
    const { ready } = openLesson();
    await ready();
    expect(screen.queryByRole('button', { name: /Save word/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark the remaining new words/ })).not.toBeInTheDocument();
    expect(word('Mieszkam')).not.toHaveClass('ws-new');
    expect(learningRequests()).toEqual([]);
  });

  it('sees each word’s status by its lemma: new subtly, learning by stage, known and ignored plain; described for screen readers', async () => {
    const server: TServer = {
      statuses: {
        być: { status: 'learning', stage: 2 },
        Ania: { status: 'ignored' },
        w: { status: 'known' },
      },
      saved: [],
      bodies: [],
    };
    serve(server);
    await openLesson().ready();
    await waitFor(() => expect(word('Jestem')).toHaveClass('ws-learning', 'ws-2'));
    // both forms of być share its status (the statuses follow the lemma)
    expect(word('Jestem', 1)).toHaveClass('ws-learning', 'ws-2');
    expect(word('Jestem')).toHaveAccessibleDescription('learning, stage 2 of 4');
    expect(word('Mieszkam')).toHaveClass('ws-new');
    expect(word('Mieszkam')).toHaveAccessibleDescription('new word');
    for (const plain of ['Ania', 'w']) {
      expect(word(plain)).not.toHaveClass('ws-new');
      expect(word(plain)).not.toHaveClass('ws-learning');
      expect(word(plain)).not.toHaveAttribute('aria-describedby');
    }
    // the accessible name stays the word
    expect(word('Mieszkam')).toHaveAccessibleName('Mieszkam');
  });

  it('saves a word from its popover ("Save word" -> "Saved"), the text marks it learning 1; saving again unsaves it', async () => {
    const server: TServer = { statuses: {}, saved: [], bodies: [] };
    serve(server);
    const { user, ready } = openLesson();
    await ready();
    await waitFor(() => expect(word('Mieszkam')).toHaveClass('ws-new'));
    await user.click(word('Mieszkam'));
    const popover = screen.getByRole('dialog', { name: 'Mieszkam' });
    const save = await within(popover).findByRole('button', { name: 'Save word' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await user.click(save);
    const saved = await within(popover).findByRole('button', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    // the place of the word: paragraph 0, sentence 1, token 0
    expect(server.bodies.find((b) => b.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/learning/words',
      body: { hub: 'complete-beginner', slug: 'complete-beginner-1', p: 0, s: 1, t: 0 },
    });
    expect(word('Mieszkam')).toHaveClass('ws-learning', 'ws-1');
    expect(within(popover).getByRole('radio', { name: 'Learning, stage 1' })).toBeChecked();
    // the vocabulary list knows it too
    expect(screen.getByRole('button', { name: 'Saved: mieszkać' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(saved);
    expect(await within(popover).findByRole('button', { name: 'Save word' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(server.bodies.some((b) => b.method === 'DELETE')).toBe(true);
    expect(server.saved).toEqual([]);
  });

  it('saves a word from the vocabulary list at its first place in the text', async () => {
    const server: TServer = { statuses: {}, saved: [], bodies: [] };
    serve(server);
    const { user, ready } = openLesson();
    await ready();
    const button = await screen.findByRole('button', { name: 'Save word: mieszkać' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Saved: mieszkać' })).toBeInTheDocument();
    expect(server.bodies.find((b) => b.method === 'POST')?.body).toEqual({
      hub: 'complete-beginner',
      slug: 'complete-beginner-1',
      p: 0,
      s: 1,
      t: 0,
    });
  });

  it('changes a word’s status in the popover; the text follows at once for every form of the lemma', async () => {
    const server: TServer = { statuses: {}, saved: [], bodies: [] };
    serve(server);
    const { user, ready } = openLesson();
    await ready();
    await waitFor(() => expect(word('Jestem')).toHaveClass('ws-new'));
    await user.click(word('Jestem'));
    const popover = screen.getByRole('dialog', { name: 'Jestem' });
    await user.click(within(popover).getByRole('radio', { name: 'Learning, stage 3' }));
    await waitFor(() => expect(word('Jestem', 1)).toHaveClass('ws-3'));
    // the last change sent (the header's progress is asked for again after it: app/learning-activity.ts)
    expect(server.bodies.filter((b) => b.method !== 'GET').at(-1)).toEqual({
      method: 'PUT',
      path: '/api/learning/statuses',
      body: { lemma: 'być', status: 'learning', stage: 3 },
    });
    await user.click(within(popover).getByRole('radio', { name: 'Known' }));
    await waitFor(() => expect(word('Jestem')).not.toHaveClass('ws-learning'));
    expect(word('Jestem')).not.toHaveAttribute('aria-describedby');
    expect(within(popover).getByText('Known', { selector: '.word-status-now' })).toBeInTheDocument();
  });

  it('marks the lesson’s remaining new words as known after a confirmation that says how many', async () => {
    const server: TServer = {
      statuses: { być: { status: 'learning', stage: 1 }, Ania: { status: 'ignored' } },
      saved: [],
      bodies: [],
    };
    serve(server);
    const { user, ready } = openLesson();
    await ready();
    // 7 lemmas, 2 with a status: 5 still new
    expect(await screen.findByText('5 words of this lesson are still new to you.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark the remaining new words as known' }));
    expect(screen.getByText(/Mark the 5 new words of this lesson as known\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark 5 words as known' }));
    expect(await screen.findByText('5 words marked as known.')).toBeInTheDocument();
    const post = server.bodies.find((b) => b.path === '/api/learning/statuses/known');
    expect((post?.body as { lemmas: string[] }).lemmas.sort()).toEqual(
      ['cześć', 'mieszkać', 'w', 'Kraków', 'studentka'].sort(),
    );
    // the text shows them known (plain) without asking again; learning and ignored words keep theirs
    expect(word('Mieszkam')).not.toHaveClass('ws-new');
    expect(word('Jestem')).toHaveClass('ws-1');
    expect(
      screen.queryByRole('button', { name: 'Mark the remaining new words as known' }),
    ).not.toBeInTheDocument();
  });
});
