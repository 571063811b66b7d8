import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { routes } from '../router';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, { testMode }: { testMode: boolean }) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/payments/config') return jsonResponse(200, { offer: 'one-time', testMode });
    return jsonResponse(404, { message: 'Not found' });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
}

describe('/admin route and the layout', () => {
  it('an administrator gets the admin page and the Admin link', async () => {
    session.set(makeUser({ roles: ['Member', 'Admin'] }));
    renderAt('/admin', { testMode: false });
    expect(await screen.findByRole('button', { name: 'Fetch subscriptions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('anyone else gets the 403 message', async () => {
    session.set(makeUser());
    renderAt('/admin', { testMode: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Administrators only.');
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it("shows 'TEST MODE — no real payments' on every page while payments are emulated", async () => {
    renderAt('/', { testMode: true });
    expect(await screen.findByTestId('test-mode')).toHaveTextContent('TEST MODE — no real payments');
  });

  it('shows no marker with real payments', async () => {
    renderAt('/', { testMode: false });
    await screen.findByRole('heading', { level: 1 });
    // the marker's code loads after the first render: wait until it has asked for the configuration
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/payments/config',
        expect.objectContaining({ method: 'GET' }),
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('test-mode')).not.toBeInTheDocument();
  });
});
