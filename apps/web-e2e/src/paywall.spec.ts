import type { Browser, Page } from 'playwright-core';
import { newAccount, registerViaApi } from './support/accounts';
import { startApiServer, type TApiServer } from './support/api-server';
import { launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import {
  recordAddresses,
  registerInForm,
  serverWithOffer,
  storedUser,
  type TOfferServer,
} from './support/payments';
import { seriousA11yViolations } from './support/a11y';
import { grantPremium } from './support/premium';

/**
 * Issue 18, items 2 and 3, in Chromium against the real API and its Stripe emulator: premium lessons are marked
 * before the learner follows a link; the premium modal says what Premium costs in the visitor's currency and offers
 * "Log in"; after paying, the buyer is back on the lesson they were trying to open.
 */
const DESKTOP = { width: 1366, height: 900 } as const;
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', MOBILE],
] as const;
const FREE = '/complete-beginner/complete-beginner-1';
const PREMIUM = '/complete-beginner/complete-beginner-2';
const PREMIUM_TITLE = 'Skąd jesteś?';

let browser: Browser;
let oneTime: TOfferServer;
const opened: TOpenedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  oneTime = await serverWithOffer('one-time');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await oneTime?.stop();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

async function open(options: Parameters<typeof openPage>[1] = {}) {
  const o = await openPage(browser, { baseURL: oneTime.baseUrl, ...options });
  opened.push(o);
  return o;
}

/** Page errors, leaving out the browser's own line for the expected 403 of a gated lesson. */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of 403/.test(e));

/** From the free lesson, "Next lesson" (marked premium) into the gate; answers the premium modal. */
async function nextIntoTheGate(page: Page) {
  await page.goto(FREE);
  const next = page
    .getByRole('navigation', { name: 'More lessons' })
    .getByRole('link', { name: /Next lesson/ });
  await next.waitFor();
  // the padlock and the word, and a name that says it: not a colour
  expect(await next.getByTestId('premium-lock').count()).toBe(1);
  expect(await next.getByTestId('premium-lock').locator('svg').count()).toBe(1);
  expect((await next.innerText()).replace(/\s+/g, ' ')).toContain('Premium');
  expect(await next.getAttribute('href')).toBe(PREMIUM);
  // its name says it (the arrows around the label are the page's CSS): "Next lesson … Premium lesson … <title>"
  const name = /^Next lesson\W*Premium lesson\W*Skąd jesteś\?$/;
  expect(await page.getByRole('link', { name }).count()).toBe(1);
  await next.click();
  await page.waitForURL((u) => u.pathname === PREMIUM);
  const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
  await modal.waitFor();
  return modal;
}

describe('premium lessons are marked, and the premium modal has a price and "Log in"', () => {
  it.each(SIZES)(
    '%s: a visitor sees padlocks on exactly the premium lessons of a hub and on "Next lesson"; the modal keeps the spec texts, shows the USD price and "Log in" opens the log-in dialog',
    async (_name, viewport) => {
      const { page, errors } = await open({ viewport });
      await page.goto('/learn-polish/complete-beginner');
      await page.locator('.lesson-item').first().waitFor();
      const items = page.locator('.lesson-item');
      const n = await items.count();
      let premium = 0;
      for (let i = 0; i < n; i += 1) {
        const item = items.nth(i);
        const isPremium = (await item.locator('.badge-premium').count()) === 1;
        if (isPremium) premium += 1;
        // the padlock is in the title's link, exactly when the lesson is premium
        expect(await item.locator('.lesson-item-link [data-testid="premium-lock"]').count()).toBe(
          isPremium ? 1 : 0,
        );
      }
      expect(premium).toBeGreaterThan(0);
      expect(premium).toBeLessThan(n);
      expect(await page.getByRole('link', { name: /Premium lesson$/ }).count()).toBe(premium);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const modal = await nextIntoTheGate(page);
      for (const text of [
        'Exclusive lessons',
        'Exercises and quizzes',
        'Multilingual translator',
        'Join 1000s of learners',
      ])
        expect(await modal.getByText(text, { exact: true }).count()).toBe(1);
      // loopback has no country: USD, the one-time offer's yearly price as the premium page shows it
      await modal.getByText('From $59.00 for one year', { exact: true }).waitFor();
      expect(await modal.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe(
        `/premium-member?returnTo=${encodeURIComponent(PREMIUM)}`,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await modal.getByRole('button', { name: 'Log in' }).click();
      const login = page.getByRole('dialog', { name: 'Log in or register' });
      await login.waitFor();
      expect(await page.getByRole('dialog', { name: 'Get Premium Access!' }).count()).toBe(0);
      await login.getByLabel('Username or Email').waitFor();
      expect(realErrors(errors)).toEqual([]);
    },
    90_000,
  );

  it('phone: a premium member who logs in from the modal reads the lesson; no padlocks for a member', async () => {
    const account = newAccount('paywall-login');
    await registerViaApi(account);
    await grantPremium(account.email);
    const { page, errors } = await open({ viewport: MOBILE, baseURL: undefined });
    const modal = await nextIntoTheGate(page);
    await modal.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in or register' });
    await login.getByLabel('Username or Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Login' }).click();
    // the lesson is asked for again with the member's token: the whole text, no gate
    await page.getByRole('heading', { level: 1, name: PREMIUM_TITLE }).waitFor();
    await page.locator('.lesson-text .sentence').last().waitFor();
    expect(await page.getByTestId('premium-teaser').count()).toBe(0);
    await page.goto('/learn-polish/complete-beginner');
    await page.locator('.lesson-item').first().waitFor();
    expect(await page.getByTestId('premium-lock').count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
  }, 90_000);

  describe("the visitor's currency", () => {
    let geo: TApiServer;
    beforeAll(async () => {
      geo = await startApiServer({ TRUST_CDN_COUNTRY_HEADER: 'true' });
    }, 120_000);
    afterAll(async () => {
      await geo?.stop();
    });

    it.each([
      ['desktop', DESKTOP, 'PL', 'From PLN 239.00 for one year'],
      ['phone', MOBILE, 'DE', 'From €55.00 for one year'],
    ] as const)(
      '%s: a visitor from %s sees the price in their currency, as the premium page shows it',
      async (_name, viewport, country, text) => {
        const { page, context, errors } = await open({ viewport, baseURL: geo.baseUrl });
        await context.setExtraHTTPHeaders({ 'cf-ipcountry': country });
        await page.goto(PREMIUM);
        const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
        await modal.getByText(text, { exact: true }).waitFor();
        await modal.getByRole('link', { name: 'Get Premium' }).click();
        await page.waitForURL((u) => u.pathname === '/premium-member');
        const yearly = page.locator('.plan-card[data-plan="yearly"]').getByTestId('plan-price');
        await yearly.waitFor();
        expect(text).toContain((await yearly.textContent()) ?? 'no price');
        expect(realErrors(errors)).toEqual([]);
      },
      90_000,
    );
  });
});

describe('after paying, back to the lesson', () => {
  it('desktop, one-time offer: Next lesson → gate → Get Premium → register inline → pay → the premium lesson, with a true toast', async () => {
    const account = newAccount('paywall-back');
    const { page, errors } = await open({ viewport: DESKTOP });
    const addresses = recordAddresses(page);
    const modal = await nextIntoTheGate(page);
    await modal.getByRole('link', { name: 'Get Premium' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/premium-member' && u.searchParams.get('returnTo') === PREMIUM,
    );
    await page.locator('.plan-card[data-plan="yearly"]').getByRole('button', { name: 'Buy Yearly' }).click();
    await registerInForm(page, account);
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Pay' }).click();

    await page
      .locator('[data-sonner-toast]', { hasText: 'Thank you! Your Premium Membership is active.' })
      .waitFor({ timeout: 40_000 });
    await page.waitForURL((u) => u.pathname === PREMIUM);
    const back = addresses.map((a) => new URL(a)).find((u) => u.pathname === '/success');
    expect(back?.searchParams.get('returnTo')).toBe(PREMIUM);
    // the lesson in full now: no gate, no modal, no padlock for the member
    await page.getByRole('heading', { level: 1, name: PREMIUM_TITLE }).waitFor();
    await page.locator('.lesson-text .sentence').last().waitFor();
    expect(await page.getByTestId('premium-teaser').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('[data-sonner-toast]', { hasText: 'You subscribed' }).count()).toBe(0);
    expect((await storedUser(page))?.roles).toContain('PremiumMember');
    expect(realErrors(errors)).toEqual([]);
  }, 120_000);

  it('phone: a return address that is not a lesson of this site is ignored: a member goes to /learn-polish', async () => {
    const account = newAccount('paywall-evil');
    const user = await registerViaApi(account);
    await grantPremium(account.email);
    const { page, errors } = await open({ viewport: MOBILE, baseURL: undefined, user });
    for (const evil of ['https://evil.example/complete-beginner/x', '//evil.example/complete-beginner/x']) {
      await page.goto(`/premium-member?returnTo=${encodeURIComponent(evil)}`);
      await page.waitForURL((u) => u.pathname === '/learn-polish');
      expect(page.url()).not.toContain('evil');
    }
    await page.goto(`/premium-member?returnTo=${encodeURIComponent(PREMIUM)}`);
    await page.waitForURL((u) => u.pathname === PREMIUM);
    expect(realErrors(errors)).toEqual([]);
  }, 60_000);

  describe('subscription offer', () => {
    let sub: TOfferServer;
    beforeAll(async () => {
      sub = await serverWithOffer('subscription');
    }, 120_000);
    afterAll(async () => {
      await sub?.stop();
    });

    it("phone: from the gate's 'Unlock with Premium', register, Get started, pay: the spec's toast and the lesson", async () => {
      const account = newAccount('paywall-sub');
      const { page, errors } = await open({ viewport: MOBILE, baseURL: sub.baseUrl });
      await page.goto(PREMIUM);
      const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
      // the subscription's monthly price in USD
      await modal.getByText('From $9.99 a month', { exact: true }).waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Unlock with Premium' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/premium-member' && u.searchParams.get('returnTo') === PREMIUM,
      );
      await registerInForm(page, account);
      const monthly = page.locator('.plan-card[data-plan="monthly"]');
      await monthly.getByTestId('plan-price').waitFor();
      await monthly.getByRole('button', { name: 'Get started' }).click();
      await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
      await page.getByRole('button', { name: 'Pay' }).click();

      await page
        .locator('[data-sonner-toast]', { hasText: 'You subscribed to Premium Membership' })
        .waitFor({ timeout: 40_000 });
      await page.waitForURL((u) => u.pathname === PREMIUM);
      await page.getByRole('heading', { level: 1, name: PREMIUM_TITLE }).waitFor();
      await page.locator('.lesson-text .sentence').last().waitFor();
      expect(await page.getByTestId('premium-teaser').count()).toBe(0);
      expect(realErrors(errors)).toEqual([]);
    }, 120_000);
  });
});
