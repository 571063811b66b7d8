import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { makeTeaser } from '../testing/lesson-fixture';
import { PremiumGate } from './premium-gate';
import { audioClaims } from '@polski/contracts';
import { allAudio, jsonResponse, makeHubList } from '../../../test/fixtures';

describe('PremiumGate (product.md, Premium gate)', () => {
  it('shows the teaser dimmed and inert, and opens the premium modal with the spec texts', () => {
    renderWithProviders(<PremiumGate teaser={makeTeaser()} />);
    const teaser = screen.getByTestId('premium-teaser');
    expect(teaser).toHaveClass('premium-dimmed');
    expect(teaser).toHaveAttribute('inert');
    expect(teaser).toHaveAttribute('aria-hidden', 'true');
    expect(teaser).toHaveTextContent('Moja rodzina');
    expect(teaser).toHaveTextContent('To jest moja rodzina. Mam brata.');
    expect(teaser).toHaveTextContent('Level A1');
    expect(screen.getByRole('heading', { level: 1, name: 'Moja rodzina' })).toBeInTheDocument();

    const modal = screen.getByRole('dialog', { name: 'Get Premium Access!' });
    // the audio benefit says what the catalogue has (docs/product.md, "Honest audio claims")
    for (const benefit of ['Exclusive lessons', 'Exercises and quizzes', audioClaims(undefined).short, 'Multilingual translator']) {
      expect(within(modal).getByText(benefit)).toBeInTheDocument();
    }
    expect(within(modal).getByText('Join 1000s of learners')).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium-member');
    expect(within(modal).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it("the modal's audio benefit follows the catalogue's summary: 'Native audio' only for recordings", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, makeHubList(allAudio('recording'))));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const first = renderWithProviders(<PremiumGate teaser={makeTeaser()} />);
      const modal = screen.getByRole('dialog', { name: 'Get Premium Access!' });
      expect(await within(modal).findByText('Native audio')).toBeInTheDocument();
      first.unmount();
      fetchMock.mockImplementation(async () => jsonResponse(200, makeHubList(allAudio('synthetic'))));
      renderWithProviders(<PremiumGate teaser={makeTeaser()} />);
      const again = screen.getByRole('dialog', { name: 'Get Premium Access!' });
      expect(await within(again).findByText(audioClaims('synthetic').short)).toBeInTheDocument();
      expect(within(again).queryByText('Native audio')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('closing the modal leaves the teaser dimmed, with an "Unlock with Premium" call to action', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PremiumGate teaser={makeTeaser()} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const teaser = screen.getByTestId('premium-teaser');
    expect(teaser).toHaveClass('premium-dimmed');
    expect(teaser).toHaveAttribute('inert');
    expect(screen.getByRole('link', { name: 'Unlock with Premium' })).toHaveAttribute('href', '/premium-member');
  });

  it('Escape closes the modal too, and the gate stays', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PremiumGate teaser={makeTeaser()} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('premium-teaser')).toHaveAttribute('inert');
  });
});
