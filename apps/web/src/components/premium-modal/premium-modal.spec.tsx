import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { fakePaymentsApi } from '../../features/premium/testing/payments-fixture';
import { PremiumModal } from './premium-modal';

/** docs/product.md, "Modals": the spec's texts, the price in the visitor's currency, and "Log in" for visitors. */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

function open(route = '/complete-beginner/complete-beginner-2') {
  const onClose = vi.fn();
  const onSignIn = vi.fn();
  renderWithProviders(<PremiumModal open onClose={onClose} onSignIn={onSignIn} />, { route });
  return { onClose, onSignIn, modal: screen.getByRole('dialog', { name: 'Get Premium Access!' }) };
}

describe('the premium modal', () => {
  it("keeps the spec's texts and shows the one-time offer's yearly price in the visitor's currency (PL: PLN)", async () => {
    fakePaymentsApi(fetchMock, { offer: 'one-time', country: 'PL' });
    const { modal } = open();
    expect(within(modal).getByText('Join 1000s of learners')).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'Get Premium' })).toBeInTheDocument();
    expect(await within(modal).findByText('From PLN 229.00 for one year')).toBeInTheDocument();
  });

  it('the subscription offer: the monthly price, in euros for a German visitor', async () => {
    fakePaymentsApi(fetchMock, { offer: 'subscription', country: 'DE' });
    const { modal } = open();
    expect(await within(modal).findByText('From €8.99 a month')).toBeInTheDocument();
  });

  it("a signed-out visitor gets 'Log in': the modal closes and the log-in dialog opens", async () => {
    const user = userEvent.setup();
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    const { modal, onClose, onSignIn } = open();
    expect(within(modal).getByText(/Already have an account\?/)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Log in' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it("a signed-in learner is not offered 'Log in'", () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    const { modal } = open();
    expect(within(modal).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it("'Get Premium' carries the lesson it was opened on", () => {
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    const { modal } = open();
    expect(within(modal).getByRole('link', { name: 'Get Premium' })).toHaveAttribute(
      'href',
      '/premium-member?returnTo=%2Fcomplete-beginner%2Fcomplete-beginner-2',
    );
  });

  it("'Get Premium' off a lesson page (the translator on /podcast) carries nothing", () => {
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    const { modal } = open('/podcast');
    expect(within(modal).getByRole('link', { name: 'Get Premium' })).toHaveAttribute(
      'href',
      '/premium-member',
    );
  });
});
