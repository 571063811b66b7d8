import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { newAccount } from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage, readThrough, type TOpenedPage } from './support/browser';
import {
  apiCall,
  expectPremiumLessonInFull,
  openBillingPortal,
  recordAddresses,
  registerInForm,
  registerOn,
  serverWithOffer,
  storedUser,
  type TOfferServer,
} from './support/payments';
import { seriousA11yViolations } from './support/a11y';

/**
 * Variant B, the one-time payment (PREMIUM_OFFER=one-time, the API's default), end to end in Chromium against the
 * real API and its Stripe emulator: buy, pay on the hosted page, return to /success, premium without logging in
 * again; and a cancelled checkout that changes nothing.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'polski-web-e2e-screenshots');

let server: TOfferServer;
let browser: Browser;
const opened: TOpenedPage[] = [];

beforeAll(async () => {
  server = await serverWithOffer('one-time');
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

async function open(options: Parameters<typeof openPage>[1] = {}) {
  const o = await openPage(browser, { baseURL: server.baseUrl, ...options });
  opened.push(o);
  return o;
}

describe('premium, one-time offer (variant B)', () => {
  it('a visitor registers inline, pays for lifetime on the hosted page, and is premium at once: settings, a premium lesson, the billing portal', async () => {
    const account = newAccount('buyer-b');
    const { page, errors } = await open();
    const addresses = recordAddresses(page);

    await page.goto('/premium-member');
    await page.getByRole('heading', { level: 1, name: 'Get Premium Access' }).waitFor();
    expect(await page.getByTestId('test-mode').textContent()).toBe('TEST MODE — no real payments');
    const lifetime = page.locator('.plan-card[data-plan="lifetime"]');
    // loopback has no country: USD
    expect(await lifetime.getByTestId('plan-price').textContent()).toBe('$149.00');
    expect(await page.locator('.plan-card[data-plan="yearly"]').getByTestId('plan-price').textContent()).toBe(
      '$59.00',
    );

    await lifetime.getByRole('button', { name: 'Buy Lifetime' }).click();
    await registerInForm(page, account);
    // the payment starts once the registration completes (the overlay is too brief to catch here)
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
    expect(await page.locator('.amount').textContent()).toContain('$149.00');
    expect(await page.getByText(account.email).count()).toBe(1);
    await page.getByRole('button', { name: 'Pay' }).click();

    // /success stores the saved session, fulfils and polls until premium, then goes on to the lessons (the page was
    // not opened from a lesson) with a toast that is true of a one-time purchase
    await page
      .locator('[data-sonner-toast]', { hasText: 'Thank you! Your Premium Membership is active.' })
      .waitFor({ timeout: 40_000 });
    await page.waitForURL((u) => u.pathname === '/learn-polish');
    const back = addresses.map((a) => new URL(a)).find((u) => u.pathname === '/success');
    expect(back?.searchParams.get('from')).toBe('stripe');
    expect(back?.searchParams.get('userId')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(back?.searchParams.get('session_id')).toMatch(/^cs_test_/);

    const user = await storedUser(page);
    expect(user?.username).toBe(account.username);
    expect(user?.roles).toContain('PremiumMember');
    expect(user?.premiumLifetime).toBe(true);

    await page.goto('/settings');
    await page.getByTestId('plan').getByText('Premium Member', { exact: true }).waitFor();
    expect(await page.getByText('Premium Access Until').count()).toBe(1);
    expect(await page.getByTestId('premium-until').textContent()).toBe('Forever');

    await expectPremiumLessonInFull(page, server.baseUrl, user?.token ?? '');

    await openBillingPortal(page);
    expect(await page.locator('body').textContent()).toMatch(
      /One-time payments[\s\S]*Lifetime[\s\S]*\$149\.00/,
    );

    // the premium page now sends the member on to the lessons
    await page.goto(`${server.baseUrl}/premium-member`);
    await page.waitForURL((u) => u.pathname === '/learn-polish');
    expect(errors).toEqual([]);
  }, 120_000);

  it('a return link with the handle of another account (login CSRF) keeps the signed-in user and says so', async () => {
    const victim = await registerOn(server.baseUrl, newAccount('victim-b'));
    const attacker = await registerOn(server.baseUrl, newAccount('attacker-b'));
    const saved = await apiCall<{ userId: string }>(server.baseUrl, 'POST', '/account/save-session', {
      token: attacker.token,
      body: {},
    });
    expect(saved.status).toBe(200);
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;

    // the attacker's return address, opened in the victim's browser
    const { page, errors } = await open({ user: victim });
    await page.goto(`/success?from=stripe&userId=${saved.body.userId}&session_id=cs_test_not_yours`);
    await page
      .getByText(
        `This checkout link belongs to another account. You are still signed in as ${victim.username}.`,
      )
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome! You are now a Premium Member' }).waitFor();
    const stored = await storedUser(page);
    expect({ username: stored?.username, sid: sid(stored?.token ?? '') }).toEqual({
      username: victim.username,
      sid: sid(victim.token),
    });
    await page.goto('/settings');
    await page.getByText(victim.email).waitFor();
    // the handle was left unused: its owner can still exchange it
    const own = await apiCall<{ username: string }>(
      server.baseUrl,
      'GET',
      `/account/get-session/${saved.body.userId}`,
      { token: attacker.token },
    );
    expect({ status: own.status, username: own.body.username }).toEqual({
      status: 200,
      username: attacker.username,
    });
    // the browser reports the refused exchange (403) as a failed resource; nothing else went wrong
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  }, 60_000);

  it("a cancelled checkout (the hosted page's cancel link) changes nothing: back on the page with a note, still Basic", async () => {
    const account = newAccount('cancel-b');
    const { page, errors } = await open();
    await page.goto('/premium-member');
    await page.locator('.plan-card[data-plan="yearly"]').getByRole('button', { name: 'Buy Yearly' }).click();
    await registerInForm(page, account);
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Cancel and return' }).click();

    await page.waitForURL((u) => u.pathname === '/premium-member' && u.searchParams.get('canceled') === '1');
    await page.getByText('Checkout cancelled — nothing was charged.').waitFor();
    expect((await storedUser(page))?.roles).toEqual(['Member']);
    const user = await storedUser(page);
    const settings = await apiCall<{ roles: string[]; hasBillingAccount: boolean }>(
      server.baseUrl,
      'GET',
      '/account/settings',
      {
        token: user?.token,
      },
    );
    expect(settings.body.roles).toEqual(['Member']);

    await page.goto('/settings');
    await page.getByTestId('plan').getByText('Basic', { exact: true }).waitFor();
    expect(await page.getByText('Premium Access Until').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);

  it('screenshots: the premium page (desktop, mobile) and /success while waiting, then its message when premium does not come', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { page } = await open({ viewport });
      await page.goto('/premium-member');
      await page.locator('.plan-card[data-plan="lifetime"]').getByTestId('plan-price').waitFor();
      // the testimonials and the questions are drawn when the visitor comes near them
      await readThrough(page);
      await page.getByRole('button', { name: 'Show More' }).waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `premium-one-time-${name}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Show More' }).click();
      await page.getByRole('button', { name: 'Can I get a refund?' }).click();
      await page
        .locator('.plan-card[data-plan="yearly"]')
        .getByRole('button', { name: 'Buy Yearly' })
        .click();
      await page.getByRole('form', { name: 'Create your account' }).waitFor();
      // full-page shots draw the sticky header where the window is: from the top
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(600);
      await page.screenshot({
        path: join(SCREENSHOTS, `premium-one-time-register-${name}.png`),
        fullPage: true,
      });
    }

    // a signed-in Basic user on /success: 'Please wait...', then (no payment) the message; still signed in
    const user = await registerOn(server.baseUrl, newAccount('wait-b'));
    const { page } = await open({ user });
    await page.goto('/success');
    await page.getByText('Please wait...').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'success-waiting-desktop.png') });
    await page
      .getByText('We have not received the confirmation of your payment yet.')
      .waitFor({ timeout: 45_000 });
    expect(await page.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings');
    expect((await storedUser(page))?.username).toBe(user.username);
    await page.screenshot({ path: join(SCREENSHOTS, 'success-not-confirmed-desktop.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 120_000);
});
