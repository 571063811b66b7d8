import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse } from '../test/fixtures';
import { routes } from './router';

/** docs/product.md, "Translator bar": the rail is kept free from the first render of a translator page on. */
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, [])),
  ),
);
afterEach(() => vi.unstubAllGlobals());

const LAZY = { timeout: 5000 };
const railKept = () => document.documentElement.classList.contains('has-translator');

describe("the translator's rail", () => {
  it('is kept on learning pages by the layout, not on home; open, the root says so', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/podcast'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // the layout keeps the rail itself (the bar's code comes after the first paint)
    await waitFor(() => expect(railKept()).toBe(true), LAZY);
    const show = await screen.findByRole('button', { name: 'SHOW TRANSLATOR' }, LAZY);
    expect(document.documentElement.classList.contains('translator-open')).toBe(false);
    await act(async () => show.click());
    expect(document.documentElement.classList.contains('translator-open')).toBe(true);
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: /Start Learning Polish Through Stories/ }, LAZY);
    expect(railKept()).toBe(false);
    expect(document.documentElement.classList.contains('translator-open')).toBe(false);
  });
});
