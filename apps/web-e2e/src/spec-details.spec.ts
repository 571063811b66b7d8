import { newAccount } from './support/accounts';
import { toasterReady, useBrowser, WALKTHROUGH_SIZES } from './support/browser';
import { registerOn, serverWithOffer, storedUser, type TOfferServer } from './support/payments';

/**
 * Issue 18, item 9 (the spec's last details), in Chromium against the real API and its Stripe emulator, at the
 * walkthrough's two sizes:
 * - the hidden test-payment button pays the fixed test price (USD 1.00), never a plan, and the learner is premium;
 * - the toast timings reach the toast list: a toast closes after the time-out, stays while the pointer is on it and
 *   closes the extended time-out after the pointer leaves, and eases in 300 ms (all measured with the page's clock);
 * - a currency without prices leaves the prices as they were (before any were shown: 'Loading prices...'), never USD.
 *
 * A signed-out visitor who submits the translator gets the premium path: translator.spec.ts checks exactly that at
 * both sizes ("a visitor who submits gets the premium modal, and the bar still offers to log in"), so it is not
 * repeated here.
 */
const PREMIUM_LESSON = '/complete-beginner/complete-beginner-2';
const LOADING_PRICES = 'Loading prices...';
const DAY_MS = 24 * 3_600_000;

let server: TOfferServer;
beforeAll(async () => {
  server = await serverWithOffer('one-time');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const { open } = useBrowser();

describe.each(WALKTHROUGH_SIZES)('the spec’s last details (%s)', (_size, viewport) => {
  it('the hidden test-payment button pays the fixed USD 1.00 test price, and the learner becomes premium', async () => {
    const account = newAccount('test-pay');
    const user = await registerOn(server.baseUrl, account);
    const { page, errors } = await open({ viewport, user, baseURL: server.baseUrl });
    await page.goto('/premium-member');
    await page.getByTestId('test-mode').waitFor();
    await page.locator('.plan-card[data-plan="yearly"]').getByTestId('plan-price').waitFor();

    // visually hidden (1 px, clipped), reachable from the keyboard: focus it and press Enter
    const button = page.getByRole('button', { name: 'Test payment', exact: true });
    expect(await button.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await button.focus();
    await page.keyboard.press('Enter');

    // the emulator's hosted checkout: the test price of its own, not a plan of the offer
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Polski Stories test payment');
    expect((await page.locator('.amount').innerText()).replace(/\s+/g, ' ')).toBe('$1.00 USD');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page
      .locator('[data-sonner-toast]', { hasText: 'Thank you! Your Premium Membership is active.' })
      .waitFor({ timeout: 40_000 });
    await page.waitForURL((u) => u.pathname === '/learn-polish');
    const stored = await storedUser(page);
    expect(stored?.roles).toContain('PremiumMember');
    // a paid test gives one day of premium (docs/product.md, "Premium page"): neither a year nor lifetime
    expect(stored?.premiumLifetime).toBe(false);
    const until = Date.parse(stored?.cus ?? '');
    expect(until).toBeGreaterThan(Date.now() + DAY_MS - 3_600_000);
    expect(until).toBeLessThan(Date.now() + DAY_MS + 3_600_000);

    // the premium lesson opens in full
    await page.goto(PREMIUM_LESSON);
    await page.locator('.lesson-text .sentence').last().waitFor();
    expect(await page.getByTestId('premium-teaser').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('a toast leaves after the time-out, stays while hovered, leaves 1000 ms after the pointer does, and eases in 300 ms', async () => {
    const { page, context } = await open({ viewport, baseURL: server.baseUrl });
    // what happens to toasts, on the page's own clock (performance.now()): when each is mounted, when the pointer
    // leaves it, when it is dismissed (sonner marks it data-removed) and the transitions it ran
    await context.addInitScript(() => {
      type TToastLog = {
        mounted: number;
        left?: number;
        removed?: number;
        transitions: { property: string; start: number; end?: number; elapsed?: number }[];
      };
      const log: TToastLog[] = [];
      const entries = new WeakMap<Element, TToastLog>();
      (window as unknown as { __toasts: TToastLog[] }).__toasts = log;
      const entry = (target: EventTarget | null) =>
        target instanceof Element && target.matches('[data-sonner-toast]') ? entries.get(target) : undefined;
      // a toast may arrive inside its list (added at once): look at every toast of the document on each change
      new MutationObserver(() => {
        const now = performance.now();
        for (const el of Array.from(document.querySelectorAll('[data-sonner-toast]'))) {
          let e = entries.get(el);
          if (!e) {
            e = { mounted: now, transitions: [] };
            entries.set(el, e);
            log.push(e);
          }
          if (e.removed === undefined && el.getAttribute('data-removed') === 'true') e.removed = now;
        }
      }).observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-removed'],
      });
      document.addEventListener(
        'pointerleave',
        (ev) => {
          const e = entry(ev.target);
          if (e) e.left = performance.now();
        },
        true,
      );
      document.addEventListener(
        'transitionrun',
        (ev) => {
          entry(ev.target)?.transitions.push({ property: ev.propertyName, start: performance.now() });
        },
        true,
      );
      document.addEventListener(
        'transitionend',
        (ev) => {
          const t = entry(ev.target)?.transitions.find(
            (x) => x.property === ev.propertyName && x.end === undefined,
          );
          if (t) {
            t.end = performance.now();
            t.elapsed = ev.elapsedTime;
          }
        },
        true,
      );
    });
    const toasts = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __toasts: {
                mounted: number;
                left?: number;
                removed?: number;
                transitions: { property: string; start: number; end?: number; elapsed?: number }[];
              }[];
            }
          ).__toasts,
      );

    // the toast library's file is here (fetched when the browser is idle after start); then the confirm-email
    // page, reached inside the app, raises its 'Email Confirmed' toast (also without a link: docs/product.md), which
    // is drawn at once: its time on screen is the time-out, not the time the library took to load
    const raiseToast = async () => {
      await page.goto('/learn-polish');
      await toasterReady(page);
      await page.evaluate(() => {
        window.history.pushState(null, '', '/confirmemail');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
    };
    await raiseToast();
    const first = page.locator('[data-sonner-toast]', { hasText: 'Email Confirmed' });
    await first.waitFor();
    // the list is where the spec's options put it, and the toast's transitions take the ease time
    const list = page.locator('[data-sonner-toaster]');
    expect(await list.getAttribute('data-y-position')).toBe('bottom');
    expect(await list.getAttribute('data-x-position')).toBe('right');
    const durations = await first.evaluate((el) => getComputedStyle(el).transitionDuration.split(/,\s*/));
    expect(new Set(durations)).toEqual(new Set(['0.3s']));

    // untouched, it is dismissed after the time-out (5000 ms), and not before
    await page.waitForFunction(
      () => (window as unknown as { __toasts: { removed?: number }[] }).__toasts[0]?.removed !== undefined,
      undefined,
      { timeout: 20_000 },
    );
    const [untouched] = await toasts();
    // (its countdown starts as it is raised, a moment before it is drawn: sonner's default of 4000 ms would be less)
    expect(untouched.removed! - untouched.mounted).toBeGreaterThanOrEqual(4_200);
    expect(untouched.removed! - untouched.mounted).toBeLessThan(9_000);
    // it eased in: its opacity (or position) ran a 300 ms transition, on the page's clock too
    const eased = untouched.transitions.filter((t) => t.end !== undefined);
    expect(eased.length).toBeGreaterThan(0);
    for (const t of eased) {
      expect(t.elapsed).toBeCloseTo(0.3, 2);
      expect(t.end! - t.start).toBeGreaterThanOrEqual(250);
    }
    await first.waitFor({ state: 'detached' });

    // a second toast, hovered at once: it outlives the time-out while the pointer is on it
    await raiseToast();
    const second = page.locator('[data-sonner-toast]', { hasText: 'Email Confirmed' });
    await second.hover();
    await page.waitForFunction(
      () =>
        performance.now() - (window as unknown as { __toasts: { mounted: number }[] }).__toasts[0].mounted >
        7_000,
      undefined,
      { timeout: 30_000, polling: 250 },
    );
    const [hovered] = await toasts();
    expect(hovered.removed).toBeUndefined();
    expect(await second.isVisible()).toBe(true);

    // the pointer leaves: dismissed the extended time-out (1000 ms) later, not the whole time-out again
    await page.mouse.move(2, 2);
    await page.waitForFunction(
      () => (window as unknown as { __toasts: { removed?: number }[] }).__toasts[0]?.removed !== undefined,
      undefined,
      { timeout: 20_000 },
    );
    const [left] = await toasts();
    expect(left.left).toBeDefined();
    expect(left.removed! - left.left!).toBeGreaterThanOrEqual(950);
    expect(left.removed! - left.left!).toBeLessThan(3_500);
    await second.waitFor({ state: 'detached' });
  }, 90_000);

  it('a country whose currency has no prices leaves them as they were: never USD, a warning logged', async () => {
    const { page, errors } = await open({ viewport, baseURL: server.baseUrl });
    // a visitor from Poland, on a Stripe account whose price list lacks PLN (the configuration fault the warning
    // points to): the server's own list, less its PLN prices
    let withoutPln = false;
    await page.route('**/api/payments/get-user-location', (route) =>
      route.fulfill({ json: { countryCode: 'PL' } }),
    );
    await page.route('**/api/payments/get-selected-prices2', async (route) => {
      const response = await route.fetch();
      const grouped = (await response.json()) as Record<string, unknown>;
      if (withoutPln) delete grouped.PLN;
      await route.fulfill({ response, json: grouped });
    });

    // the control: with PLN prices, the Polish visitor sees them
    await page.goto('/premium-member');
    const yearly = page.locator('.plan-card[data-plan="yearly"]');
    await yearly.getByTestId('plan-price').waitFor();
    expect(await yearly.getByTestId('plan-price').innerText()).toBe('PLN 239.00');

    withoutPln = true;
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const pricesAnswered = page.waitForResponse('**/api/payments/get-selected-prices2');
    await page.reload();
    await pricesAnswered;
    await page.getByRole('heading', { level: 1, name: 'Get Premium Access' }).waitFor();
    // a moment on the page's clock for anything that would still switch the prices
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1_500)));
    const pricing = page.locator('#pricing');
    for (const plan of ['yearly', 'lifetime']) {
      const card = page.locator(`.plan-card[data-plan="${plan}"]`);
      expect(await card.locator('.plan-price').innerText()).toBe(LOADING_PRICES);
      expect(await card.getByRole('button').isDisabled()).toBe(true);
    }
    expect(await page.locator('.premium-hero-price').innerText()).toBe(LOADING_PRICES);
    expect(await pricing.innerText()).not.toMatch(/\$|USD|PLN \d/);
    expect(warnings.filter((w) => w.includes('Prices in PLN are not available')).length).toBeGreaterThan(0);

    // the premium modal of a gated lesson follows the same rule
    await page.goto(PREMIUM_LESSON);
    const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
    await modal.getByText(LOADING_PRICES, { exact: true }).waitFor();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1_000)));
    expect(await modal.getByText(LOADING_PRICES, { exact: true }).isVisible()).toBe(true);
    expect(await modal.innerText()).not.toMatch(/\$|USD/);
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  }, 90_000);
});
