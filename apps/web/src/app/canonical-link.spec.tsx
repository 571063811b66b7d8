import { act, render, screen, waitFor } from '@testing-library/react';
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

const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;

describe('the canonical link of each page', () => {
  it('names the page on screen, without query or fragment, and follows navigation', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/learn-polish?ref=mail#top'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Learn Polish' });
    // the link is set in an effect, which may run a moment after the heading is on screen
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/learn-polish`));
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: /Start Learning Polish Through Stories/ });
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/`));
    await act(() => router.navigate('/podcast'));
    expect(canonical()).toBe(`${window.location.origin}/podcast`);
  });

  it('an unknown path, which shows home, names home', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/no/such/page'] })} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: /Start Learning Polish Through Stories/ });
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/`));
  });
});
