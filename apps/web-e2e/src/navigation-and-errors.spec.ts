import type { Locator, Page } from 'playwright-core';
import { newAccount, registerViaApi } from './support/accounts';
import { settledAxe } from './support/a11y';
import { toasterReady, useBrowser, WALKTHROUGH_SIZES } from './support/browser';

// Issue 18, items 1, 5 and 6 (docs/product.md, "Navigation bar", "Home page", "Errors the web app shows",
// "Loading"): the visitors' header, elements that look interactive and work, one learners' number, network failures
// told apart from refusals, one toast per failure, and the layout drawn while a page's code loads. At the walkthrough's
// two sizes.

const OFFLINE = 'You seem to be offline. Check your connection and try again.';
const FREE_LESSON = '/complete-beginner/complete-beginner-1';
const PREMIUM_LESSON = '/complete-beginner/complete-beginner-2';

const { open } = useBrowser();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not displayed');
  return b;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function visibleLinkNames(list: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const link of await list.getByRole('link').all()) {
    if (await link.isVisible()) names.push((await link.innerText()).trim());
  }
  return names;
}

describe.each(WALKTHROUGH_SIZES)('%s', (size, viewport) => {
  describe('item 1: the header', () => {
    it('a visitor has Learn Polish, Podcast, Blog, Word Checker and Sign in; each works; nothing overlaps', async () => {
      const { page, errors } = await open({ viewport });
      await page.goto('/');
      const nav = mainNav(page);
      const signIn = nav.getByRole('button', { name: 'Sign in', exact: true });
      await signIn.waitFor();
      const menu = nav.getByRole('list');
      if (size === 'phone') {
        // the existing pattern: the links behind the bars button, Sign in beside it
        const bars = nav.getByRole('button', { name: 'Menu' });
        expect(await visibleLinkNames(menu)).toEqual([]);
        await bars.click();
        expect(await bars.getAttribute('aria-expanded')).toBe('true');
      } else {
        expect(await nav.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
        expect(await signIn.innerText()).toBe('Sign in');
      }
      expect(await visibleLinkNames(menu)).toEqual(['Learn Polish', 'Podcast', 'Blog', 'Word Checker']);
      expect(await (await settledAxe(page)).include('header').analyze()).toMatchObject({ violations: [] });

      // the header's controls side by side, inside the screen
      const language = page.locator('.site-header').getByLabel('Language');
      await language.waitFor();
      const controls = [nav.getByRole('link', { name: 'Polski Stories' }), language, signIn];
      if (size === 'phone') controls.push(nav.getByRole('button', { name: 'Menu' }));
      else for (const l of await menu.getByRole('link').all()) controls.push(l);
      const boxes = await Promise.all(controls.map(box));
      for (const [i, a] of boxes.entries()) {
        expect(a.x + a.width).toBeLessThanOrEqual(viewport.width);
        for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await menu.getByRole('link', { name: 'Word Checker' }).click();
      await page.getByRole('heading', { level: 1, name: 'Word Checker' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/word-checker');
      if (size === 'phone') {
        expect(await visibleLinkNames(menu)).toEqual([]); // following a link closes the menu
        await nav.getByRole('button', { name: 'Menu' }).click();
      }
      await menu.getByRole('link', { name: 'Blog' }).click();
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/blog');

      await signIn.click();
      await page.getByRole('dialog', { name: 'Log in or register' }).waitFor();
      expect(errors).toEqual([]);
    });

    it("a signed-in learner keeps the spec's items exactly: Home, Learn Polish, Podcast, My words, Review, Settings, Logout", async () => {
      const user = await registerViaApi(newAccount('nav'));
      const { page } = await open({ viewport, user });
      await page.goto('/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const nav = mainNav(page);
      if (size === 'phone') await nav.getByRole('button', { name: 'Menu' }).click();
      const menu = nav.getByRole('list');
      expect(await visibleLinkNames(menu)).toEqual([
        'Home',
        'Learn Polish',
        'Podcast',
        'My words',
        'Review',
        'Settings',
      ]);
      expect(await menu.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      expect(await nav.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
      // each label on one line (a wide header takes a second row rather than breaking words)
      if (size === 'desktop') {
        for (const link of await menu.getByRole('link').all()) {
          const { height } = await box(link);
          expect(height).toBeLessThan(48);
        }
      }
    });
  });

  describe('item 5: what looks interactive works; one number of learners', () => {
    it('"Join 5000+ learners" opens the Sign up form for a visitor, and a signed-in learner has none', async () => {
      const { page } = await open({ viewport });
      await page.goto('/');
      const join = page.getByRole('main').getByRole('button', { name: 'Join 5000+ learners' });
      await join.click();
      const signUp = page.getByRole('dialog', { name: 'Sign up' });
      await signUp.waitFor();
      expect(await signUp.getByLabel('Email Address').isVisible()).toBe(true);

      const learner = await open({ viewport, user: await registerViaApi(newAccount('join')) });
      await learner.page.goto('/');
      await learner.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await learner.page.getByText(/Join 5000\+ learners/).count()).toBe(0);
    });

    it('"Sign in to save your progress" on a lesson: Sign in opens the dialog', async () => {
      const { page } = await open({ viewport });
      await page.goto(FREE_LESSON);
      const progress = page.getByRole('region', { name: 'Your progress' });
      await progress.waitFor();
      expect(await progress.innerText()).toContain('Sign in to save your progress');
      await progress.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('dialog', { name: 'Log in or register' }).waitFor();
    });

    it('5000+ learners everywhere; "Join 1000s of learners" only in the premium dialog', async () => {
      const { page } = await open({ viewport });
      for (const path of ['/', '/learn-polish', FREE_LESSON, '/premium-member']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('footer').waitFor();
        if (path === '/') {
          // home's teaching sections are drawn when the visitor scrolls towards them
          await page.mouse.wheel(0, 600);
          await page.locator('.learners-number').waitFor();
        }
        // textContent: also what is below the fold (innerText skips the content-visibility sections not yet drawn)
        const text = (await page.locator('body').textContent()) ?? '';
        expect({ path, thousands: /1000s|1,000s|thousands of learners/i.test(text) }).toEqual({
          path,
          thousands: false,
        });
        if (path === '/') expect(text.match(/5000\+/g)?.length).toBeGreaterThanOrEqual(3);
      }
      await page.goto(PREMIUM_LESSON);
      const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
      await modal.waitFor();
      expect(await modal.getByText('Join 1000s of learners').isVisible()).toBe(true);
    });

    it('on home, a hub, a lesson and the premium page, everything with a pointer cursor is a control', async () => {
      const { page } = await open({ viewport });
      for (const path of ['/', '/learn-polish', FREE_LESSON, '/premium-member']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('footer').waitFor();
        const fakes = await page.evaluate(() => {
          const CONTROL =
            'a[href], button, input, select, textarea, label, summary, [role="button"], [tabindex]';
          const out: string[] = [];
          for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
            if (getComputedStyle(el).cursor !== 'pointer' || el.closest(CONTROL)) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            out.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 40)}`);
          }
          return out;
        });
        expect({ path, fakes }).toEqual({ path, fakes: [] });
      }
    });
  });

  describe('item 6: honest errors and no blank waits', () => {
    it('offline, login says so under the form: no "check your credentials", no toast; online again it logs in', async () => {
      const account = newAccount('offline');
      await registerViaApi(account);
      const { page, context } = await open({ viewport });
      await page.goto('/');
      await toasterReady(page);
      await mainNav(page).getByRole('button', { name: 'Sign in', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Log in or register' });
      await dialog.getByLabel('Username or Email').fill(account.username);
      await dialog.getByLabel('Password', { exact: true }).fill(account.password);

      await context.setOffline(true);
      await dialog.getByRole('button', { name: 'Login' }).click();
      await dialog.getByTestId('server-errors').getByText(OFFLINE).waitFor();
      await page.waitForTimeout(1000); // a toast would have arrived by now
      expect(await toasts(page).count()).toBe(0);
      expect(await page.getByText(/check your credentials/i).count()).toBe(0);
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();

      await context.setOffline(false);
      await dialog.getByRole('button', { name: 'Login' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('You have successfully logged in').waitFor();
    });

    it('offline, a failing action shows one toast however often it fails', async () => {
      const user = await registerViaApi(newAccount('dedupe'));
      const { page, context } = await open({ viewport, user });
      await page.goto(FREE_LESSON);
      const mark = page.getByRole('button', { name: 'Mark as completed' });
      await mark.waitFor();
      await toasterReady(page);
      await context.setOffline(true);
      for (let i = 0; i < 3; i++) {
        await mark.click();
        await page.waitForTimeout(300);
      }
      await toasts(page).getByText(OFFLINE).first().waitFor();
      await page.waitForTimeout(750);
      expect(await toasts(page).count()).toBe(1);
      expect(await toasts(page).innerText()).toContain(OFFLINE);
      await context.setOffline(false);
    });

    it('an unknown lesson says "Lesson not found", with no toast beside it', async () => {
      const { page } = await open({ viewport });
      await page.goto('/beginner/no-such-lesson');
      await page.getByRole('heading', { level: 1, name: 'Lesson not found' }).waitFor();
      await toasterReady(page);
      await page.waitForTimeout(750);
      expect(await toasts(page).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'See all lessons in Mini Stories' }).isVisible()).toBe(
        true,
      );
    });

    it("a slow page: the header (with its links) and a skeleton while the page's code loads", async () => {
      const { page } = await open({ viewport });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/learn-polish-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/learn-polish', { waitUntil: 'commit' });
      const skeleton = page.locator('main .boot-skeleton[role="status"]');
      await skeleton.waitFor();
      expect(await skeleton.innerText()).toContain('Loading');
      // the app's own header, not the decorative one of index.html: it has the navigation and Sign in
      const nav = mainNav(page);
      expect(await nav.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Polski Stories' }).isVisible()).toBe(true);
      expect(await page.locator('#boot-shell').isVisible()).toBe(false);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR ?? '/tmp'}/slow-route-${size}.png` });

      release();
      await page.getByRole('heading', { level: 1, name: 'Learn Polish' }).waitFor();
      expect(await page.locator('main .boot-skeleton').count()).toBe(0);
    });
  });
});
