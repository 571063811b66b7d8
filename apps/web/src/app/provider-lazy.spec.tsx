import { lazy, Suspense, useContext, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { queryClientModule, withQueryClient } from '../lib/query-client-loader';
import { toast } from '../lib/toast';
import { toasterModule } from '../lib/toast-loader';
import { AppProvider } from './provider';

// Not mocked here: the real toast library and query client, loaded after the first render as in the app.

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      clicked {n}
    </button>
  );
}

function ClientProbe() {
  return <p>{useContext(QueryClientContext) ? 'client provided' : 'no client yet'}</p>;
}

describe('AppProvider: toasts and the query client arrive after the first render', () => {
  it('provides the shared query client once loaded, without mounting the app anew', async () => {
    expect(queryClientModule.get()).toBeNull();
    render(
      <AppProvider>
        <Counter />
        <ClientProbe />
      </AppProvider>,
    );
    expect(screen.getByText('no client yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button'));
    const { queryClient } = await act(() => queryClientModule.load());
    expect(screen.getByText('client provided')).toBeInTheDocument();
    // state below the provider survived the client's arrival
    expect(screen.getByRole('button')).toHaveTextContent('clicked 1');
    expect(queryClient.isFetching()).toBe(0);
  });

  it('a lazily loaded part that asks for data renders with the client (withQueryClient)', async () => {
    function Data() {
      const q = useQuery({
        queryKey: ['lazy-part'],
        queryFn: () => Promise.resolve('answer from the query'),
      });
      return <p>{q.data ?? 'loading'}</p>;
    }
    const LazyData = lazy(() => withQueryClient(() => Promise.resolve({ default: Data })));
    render(
      <AppProvider>
        <Suspense fallback={<p>waiting</p>}>
          <LazyData />
        </Suspense>
      </AppProvider>,
    );
    expect(await screen.findByText('answer from the query')).toBeInTheDocument();
  });

  it('a toast raised before the toast library has loaded is shown once it has', async () => {
    render(
      <AppProvider>
        <p>app</p>
      </AppProvider>,
    );
    toast.error('Something went wrong', '503');
    toast.success('Saved');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('503')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(toasterModule.get()).not.toBeNull();
  });

  it('one toast per failure: the same toast raised again while shown is not stacked', async () => {
    render(
      <AppProvider>
        <p>app</p>
      </AppProvider>,
    );
    for (let i = 0; i < 3; i++) toast.error('You seem to be offline. Check your connection and try again.');
    toast.error('Something else');
    expect(await screen.findByText('Something else')).toBeInTheDocument();
    // sonner draws a raised toast after a tick: give a stacked copy the time to appear
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('You seem to be offline. Check your connection and try again.')).toHaveLength(
      1,
    );
  });
});
