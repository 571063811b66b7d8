import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { newAccount } from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage, readThrough, type TOpenedPage } from './support/browser';
import {
  apiCall,
  expectPremiumLessonInFull,
  grantAdmin,
  loginOn,
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
 * Variant A, the subscription (PREMIUM_OFFER=subscription): a second API process with that offer (unless the shared
 * one already runs it), its own data folder, database and Stripe emulator. A visitor registers on /premium-member,
 * picks a plan, pays on the hosted page and comes back to /premium-member as a premium member.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'polski-web-e2e-screenshots');
const LONG_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/;

let server: TOfferServer;
let browser: Browser;
const opened: TOpenedPage[] = [];

beforeAll(async () => {
  server = await serverWithOffer('subscription');
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 60_000);
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

async function open(options: Parameters<typeof openPage>[1] = {}) {
  const o = await openPage(browser, { baseURL: server.baseUrl, ...options });
  opened.push(o);
  return o;
}

const card = (plan: string) => `.plan-card[data-plan="${plan}"]`;

describe('premium, subscription offer (variant A)', () => {
  it('a visitor registers, picks the monthly plan, pays on the hosted page, and is premium at once: settings, a premium lesson, the billing portal', async () => {
    const account = newAccount('buyer-a');
    const { page, errors } = await open();
    const addresses = recordAddresses(page);

    await page.goto('/premium-member');
    await page.getByRole('heading', { level: 1, name: 'Get Premium Access' }).waitFor();
    expect(await page.getByTestId('test-mode').textContent()).toBe('TEST MODE — no real payments');
    // a visitor gets the register form, not the plans
    expect(await page.getByRole('button', { name: 'Get started' }).count()).toBe(0);
    await registerInForm(page, account);

    await page.locator(card('monthly')).getByTestId('plan-price').waitFor();
    expect(await page.locator(card('monthly')).getByTestId('plan-price').textContent()).toBe('$9.99');
    expect(await page.locator(card('monthly')).locator('s').count()).toBe(0);
    expect(await page.locator(card('sixMonth')).locator('s').textContent()).toBe('$40.00');
    expect(await page.locator(card('sixMonth')).getByText('You save $5').count()).toBe(1);
    expect(await page.locator(card('yearly')).getByText('You save $10').count()).toBe(1);
    expect(await page.getByText('Cancel anytime', { exact: true }).count()).toBe(1);
    expect(await page.getByText('All prices include tax', { exact: true }).count()).toBe(1);

    await page.locator(card('monthly')).getByRole('button', { name: 'Get started' }).click();
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
    expect(await page.locator('.amount').textContent()).toContain('$9.99');
    await page.getByRole('button', { name: 'Pay' }).click();

    // back on /premium-member with the return parameters; premium before the page shows
    await page.getByRole('heading', { name: 'You are a Premium Member' }).waitFor({ timeout: 30_000 });
    const back = addresses.map((a) => new URL(a)).find((u) => u.searchParams.get('from') === 'stripe');
    expect(back?.pathname).toBe('/premium-member');
    expect(back?.searchParams.get('userId')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(back?.searchParams.get('session_id')).toMatch(/^cs_test_/);
    // the single-use parameters leave the address bar
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('link', { name: 'Start Learning Polish' }).getAttribute('href')).toBe(
      '/learn-polish',
    );

    const user = await storedUser(page);
    expect(user?.username).toBe(account.username);
    expect(user?.roles).toContain('PremiumMember');
    expect(user?.premiumLifetime).toBe(false);

    await page.goto('/settings');
    await page.getByTestId('plan').getByText('Premium Member', { exact: true }).waitFor();
    expect(await page.getByText('Premium Access Until').count()).toBe(1);
    expect(await page.getByTestId('premium-until').textContent()).toMatch(LONG_DATE);

    await expectPremiumLessonInFull(page, server.baseUrl, user?.token ?? '');

    await openBillingPortal(page);
    expect(await page.locator('body').textContent()).toMatch(
      /Subscriptions[\s\S]*Monthly[\s\S]*Active · renews on/,
    );
    expect(errors).toEqual([]);
  }, 120_000);

  it("a cancelled checkout (the hosted page's cancel link) changes nothing: back on the page with a note, still Basic", async () => {
    const account = newAccount('cancel-a');
    const { page, errors } = await open();
    await page.goto('/premium-member');
    await registerInForm(page, account);
    await page.locator(card('yearly')).getByRole('button', { name: 'Get started' }).click();
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Cancel and return' }).click();

    await page.waitForURL((u) => u.pathname === '/premium-member' && u.searchParams.get('canceled') === '1');
    await page.getByText('Checkout cancelled — nothing was charged.').waitFor();
    // still offered the plans
    await page.locator(card('yearly')).getByRole('button', { name: 'Get started' }).waitFor();
    const user = await storedUser(page);
    expect(user?.roles).toEqual(['Member']);
    const settings = await apiCall<{ roles: string[] }>(server.baseUrl, 'GET', '/account/settings', {
      token: user?.token,
    });
    expect(settings.body.roles).toEqual(['Member']);

    await page.goto('/settings');
    await page.getByTestId('plan').getByText('Basic', { exact: true }).waitFor();
    expect(await page.getByText('Premium Access Until').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);

  it('screenshots: the premium page for a visitor and with the plans (desktop, mobile)', async () => {
    const member = await registerOn(server.baseUrl, newAccount('look-a'));
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const visitor = await open({ viewport });
      await visitor.page.goto('/premium-member');
      await visitor.page.getByRole('form', { name: 'Create your account' }).waitFor();
      // the testimonials and the questions are drawn when the visitor comes near them
      await readThrough(visitor.page);
      expect(await seriousA11yViolations(visitor.page)).toEqual([]);
      await visitor.page.screenshot({
        path: join(SCREENSHOTS, `premium-subscription-visitor-${name}.png`),
        fullPage: true,
      });

      const signedIn = await open({ viewport, user: member });
      await signedIn.page.goto('/premium-member');
      await signedIn.page.locator(card('yearly')).getByTestId('plan-price').waitFor();
      await readThrough(signedIn.page);
      await signedIn.page.getByRole('button', { name: 'How do I cancel or renew my subscription?' }).click();
      // full-page shots draw the sticky header where the window is: from the top
      await signedIn.page.evaluate(() => window.scrollTo(0, 0));
      await signedIn.page.screenshot({
        path: join(SCREENSHOTS, `premium-subscription-${name}.png`),
        fullPage: true,
      });
      expect(await seriousA11yViolations(signedIn.page)).toEqual([]);
    }
  }, 90_000);

  // the offer's server runs on a PostgreSQL database of its own that a test can reach
  it('an admin fetches the subscriptions and syncs the premium roles', async () => {
    const account = newAccount('admin-a');
    await registerOn(server.baseUrl, account);
    await grantAdmin(server.databaseUrl, account.email);
    const admin = await loginOn(server.baseUrl, account);
    expect(admin.roles).toContain('Admin');

    const { page, errors } = await open({ user: admin });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await page.getByRole('button', { name: 'Fetch subscriptions' }).click();
    const subs = page.getByRole('table', { name: /^Subscriptions \(\d+\)$/ });
    await subs.waitFor();
    // the purchase of the first test, with its plan and amount
    expect(await subs.locator('tbody tr', { hasText: 'buyer-a-' }).count()).toBe(1);
    const row = subs.locator('tbody tr', { hasText: 'buyer-a-' });
    await row.getByText('Monthly').waitFor();
    expect(await row.textContent()).toMatch(/active.*Monthly.*\$9\.99.*USD/);
    await page.getByRole('table', { name: /^One-time payments \(\d+\)$/ }).waitFor();
    // refused checkouts, duplicates and refunds (none in this run: the table says so)
    const incidents = page.getByRole('table', { name: /^Payment incidents \(\d+\)$/ });
    await incidents.waitFor();
    expect(await incidents.textContent()).toMatch(
      /When.*User.*What.*Outcome.*Amount.*Stripe action.*Details/,
    );

    await page.getByRole('button', { name: 'Sync premium roles with Stripe' }).click();
    await page.getByText(/^Checked \d+ customers?, changed 0\.$/).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-desktop.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // a member who is not an admin gets the 403 message and no Admin link
    const member = await registerOn(server.baseUrl, newAccount('member-a'));
    const other = await open({ user: member });
    await other.page.goto('/admin');
    await other.page.getByText('Administrators only.').waitFor();
    expect(await other.page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    const denied = await apiCall(server.baseUrl, 'GET', '/payments/fetch-stripe-subs', {
      token: member.token,
    });
    expect(denied.status).toBe(403);
    expect(errors).toEqual([]);
  }, 90_000);
});
