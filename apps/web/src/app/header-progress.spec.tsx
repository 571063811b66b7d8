import { screen, waitFor } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { markCompletedMutationKey } from '../features/content/api/mutation-keys';
import { answerReviewMutationKey, undoReviewMutationKey } from '../features/words/api/mutation-keys';
import { makeSummary } from '../features/progress/testing/fixtures';
import { session } from '../lib/session';
import { jsonResponse, makeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import HeaderProgress from './header-progress';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** A button that runs a mutation named `mutationKey`, as a feature's would. */
function Doer({ mutationKey, label }: { mutationKey: readonly unknown[]; label: string }) {
  const m = useMutation({ mutationKey, mutationFn: async () => 'done' });
  return (
    <button type="button" onClick={() => m.mutate()}>
      {label}
    </button>
  );
}

describe('the header progress and the mutations that move it', () => {
  it('fetches the progress again after a lesson is marked completed, and not after other mutations', async () => {
    session.set(makeUser());
    let done = 12;
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, makeSummary({ goal: { kind: 'items', amount: 20, done: done++ } })),
    );
    renderWithProviders(
      <>
        <HeaderProgress />
        <Doer mutationKey={markCompletedMutationKey} label="Complete" />
        <Doer mutationKey={['account', 'language']} label="Other" />
      </>,
    );
    expect(await screen.findByTestId('goal-progress')).toHaveTextContent('12/20');

    screen.getByRole('button', { name: 'Other' }).click();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    screen.getByRole('button', { name: 'Complete' }).click();
    await waitFor(() => expect(screen.getByTestId('goal-progress')).toHaveTextContent('13/20'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches the progress again after a review is answered and after it is undone', async () => {
    session.set(makeUser());
    let done = 3;
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, makeSummary({ goal: { kind: 'items', amount: 20, done: done++ } })),
    );
    renderWithProviders(
      <>
        <HeaderProgress />
        <Doer mutationKey={answerReviewMutationKey} label="Answer" />
        <Doer mutationKey={undoReviewMutationKey} label="Undo" />
      </>,
    );
    expect(await screen.findByTestId('goal-progress')).toHaveTextContent('3/20');
    screen.getByRole('button', { name: 'Answer' }).click();
    await waitFor(() => expect(screen.getByTestId('goal-progress')).toHaveTextContent('4/20'));
    screen.getByRole('button', { name: 'Undo' }).click();
    await waitFor(() => expect(screen.getByTestId('goal-progress')).toHaveTextContent('5/20'));
  });
});
