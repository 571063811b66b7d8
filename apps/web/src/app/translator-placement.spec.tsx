import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse } from '../test/fixtures';
import { routes } from './router';

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, [])),
  ),
);
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// the bar and the pages are loaded lazily: their first import (transformed on demand by the test runner) can take
// longer than findBy's default second on a busy machine
const LAZY = { timeout: 5000 };

describe('the translator bar in the layout', () => {
  it('is offered on learning pages and hidden on home (product.md, Translator bar)', async () => {
    const router = renderAt('/podcast');
    expect(await screen.findByRole('button', { name: 'SHOW TRANSLATOR' }, LAZY)).toBeInTheDocument();
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: /Start Learning Polish Through Stories/ }, LAZY);
    expect(screen.queryByRole('button', { name: 'SHOW TRANSLATOR' })).not.toBeInTheDocument();
    await act(() => router.navigate('/word-checker'));
    expect(await screen.findByRole('button', { name: 'SHOW TRANSLATOR' }, LAZY)).toBeInTheDocument();
  });
});
