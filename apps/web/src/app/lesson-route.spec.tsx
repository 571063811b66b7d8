import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeLesson } from '../features/content/testing/lesson-fixture';
import { queryClient } from '../lib/query-client';
import { jsonResponse } from '../test/fixtures';
import { routes } from './router';

vi.mock('../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// the lesson page's code arrives only when the test says so, as if it were still downloading
const pageCode = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive };
});
vi.mock('./routes/lesson', async (importOriginal) => {
  await pageCode.arrived;
  return importOriginal();
});

const LESSON_URL = '/api/content/lessons/complete-beginner/complete-beginner-1';
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) =>
    String(input) === LESSON_URL ? jsonResponse(200, makeLesson()) : jsonResponse(200, []),
  );
});
afterEach(() => vi.unstubAllGlobals());

const lessonRequests = () => fetchMock.mock.calls.filter(([input]) => String(input) === LESSON_URL);

describe('a lesson route, opened first', () => {
  it('asks for the lesson while the page code is still loading, and only once', async () => {
    // the app's shared client, which the route's loader fills
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider
          router={createMemoryRouter(routes, { initialEntries: ['/complete-beginner/complete-beginner-1'] })}
        />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(lessonRequests()).toHaveLength(1));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    pageCode.arrive();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cześć, jestem Ania' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(lessonRequests()).toHaveLength(1);
    // the lesson page's module is large: on a loaded machine its import alone takes seconds
  }, 15_000);
});
