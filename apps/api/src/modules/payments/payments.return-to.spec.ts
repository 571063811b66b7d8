import request from 'supertest';
import { startPaymentsHarness, type TPaymentsHarness } from '../../../test/support/payments-harness';

/**
 * docs/product.md, "Return from checkout": the checkout carries the lesson the buyer was trying to open, and the
 * hosted checkout sends the buyer back with it. Only a lesson path of this site is accepted (no open redirect).
 */
describe.each(['one-time', 'subscription'] as const)('checkout return address (%s offer)', (offer) => {
  let h: TPaymentsHarness;
  beforeAll(async () => {
    h = await startPaymentsHarness({ env: { PREMIUM_OFFER: offer } });
  });
  afterAll(() => h.close());
  const endpoint =
    offer === 'subscription'
      ? '/api/payments/create-checkout-session'
      : '/api/payments/create-checkout-session2';
  const priceId = offer === 'subscription' ? 'price_sub_monthly_usd' : 'price_once_yearly_usd';
  const back = offer === 'subscription' ? '/premium-member' : '/success';

  const checkout = async (token: string, returnTo: unknown) =>
    request(h.t.app)
      .post(endpoint)
      .set('Authorization', `Bearer ${token}`)
      .send({ priceId, userId: await h.handle(token), returnTo });

  it('puts a lesson path into the return address, and the paid checkout sends the buyer back with it', async () => {
    const u = await h.signUp();
    const res = await checkout(u.token, '/complete-beginner/complete-beginner-2');
    expect(res.status).toBe(200);
    const session = await h.payments.stripe.checkout.sessions.retrieve(res.body.sessionId);
    expect(session.success_url).toMatch(
      new RegExp(
        `^http://localhost:3000${back}\\?from=stripe&userId=[\\w-]+&session_id=\\{CHECKOUT_SESSION_ID\\}&returnTo=%2Fcomplete-beginner%2Fcomplete-beginner-2$`,
      ),
    );
    const redirect = new URL(h.emulator.completeCheckout(res.body.sessionId));
    await h.emulator.waitForIdle();
    expect(redirect.pathname).toBe(back);
    expect(redirect.searchParams.get('returnTo')).toBe('/complete-beginner/complete-beginner-2');
    expect(redirect.searchParams.get('session_id')).toBe(res.body.sessionId);
  });

  it("accepts the listening variant of an intermediate story; without returnTo the address is the page's own", async () => {
    const a = await h.signUp();
    const listen = await checkout(a.token, '/intermediate/some-story/listen');
    expect(listen.status).toBe(200);
    const s1 = await h.payments.stripe.checkout.sessions.retrieve(listen.body.sessionId);
    expect(new URL(s1.success_url!.replace('{CHECKOUT_SESSION_ID}', 'x')).searchParams.get('returnTo')).toBe(
      '/intermediate/some-story/listen',
    );
    const b = await h.signUp();
    const none = await checkout(b.token, undefined);
    expect(none.status).toBe(200);
    const s2 = await h.payments.stripe.checkout.sessions.retrieve(none.body.sessionId);
    expect(s2.success_url).not.toContain('returnTo');
  });

  it.each([
    'https://evil.example/complete-beginner/x',
    '//evil.example/complete-beginner/x',
    '/\\evil.example',
    '/complete-beginner/x?next=https://evil.example',
    '/complete-beginner/../admin',
    '/admin',
    '/settings/x',
    '/complete-beginner',
    '/beginner/a-story/listen',
    'javascript:alert(1)',
    `/complete-beginner/${'a'.repeat(300)}`,
    42,
  ])('refuses %p with a 400 on returnTo and creates no checkout', async (returnTo) => {
    const u = await h.signUp();
    const res = await checkout(u.token, returnTo);
    expect(res.status).toBe(400);
    expect(res.body.errors.returnTo).toBeDefined();
    expect(await h.t.database.db.checkoutSession.count({ where: { userId: u.userId } })).toBe(0);
  });
});
