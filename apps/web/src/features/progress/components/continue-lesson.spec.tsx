import { screen } from '@testing-library/react';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeSummary } from '../testing/fixtures';
import ContinueLesson from './continue-lesson';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ContinueLesson', () => {
  it("shows the lesson to continue, its learning path and a button to the lesson's page", async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, makeSummary()));
    renderWithProviders(<ContinueLesson />);
    const section = await screen.findByRole('region', { name: 'Continue where you left off' });
    expect(section).toHaveTextContent('W kawiarni');
    expect(section).toHaveTextContent('Complete Beginner');
    expect(screen.getByRole('link', { name: 'Continue: W kawiarni' })).toHaveAttribute(
      'href',
      '/complete-beginner/complete-beginner-4',
    );
  });

  it('shows nothing when every lesson the learner can read is completed', async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, makeSummary({ continue: null })));
    renderWithProviders(<ContinueLesson />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('asks nothing for a visitor', () => {
    renderWithProviders(<ContinueLesson />);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
