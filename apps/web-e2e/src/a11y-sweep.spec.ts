import type { Page } from 'playwright-core';
import { HUB_IDS } from '@polski/contracts';
import { loginViaApi, newAccount, registerViaApi, type TApiUser } from './support/accounts';
import { readThrough, useBrowser, WALKTHROUGH_SIZES } from './support/browser';
import { seriousA11yViolations } from './support/a11y';
import { grantPremium } from './support/premium';

/**
 * Issue 18, "Done when": axe-core finds nothing serious or critical on any page of the app (apps/web/src/app/router.tsx)
 * at the walkthrough's two sizes. One browser; one context per size and role (visitor, learner, premium learner),
 * signed in once through local storage; each page is visited in turn and every finding is listed with its page and
 * size, so one run shows them all.
 */
const FREE_LESSON = '/complete-beginner/complete-beginner-1';
const PREMIUM_LESSON = '/complete-beginner/complete-beginner-2';

/** A page to check: where to go, and what shows that it is drawn (default: its first heading). */
interface TStop {
  path: string;
  name?: string;
  ready?: (page: Page) => Promise<void>;
}

const openDialog = (button: string, dialog: string) => async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: button, exact: true })
    .click();
  await page.getByRole('dialog', { name: dialog }).waitFor();
};

const VISITOR: TStop[] = [
  { path: '/' },
  { path: '/learn-polish' },
  // the nine hubs are one page (one route and component): the first, one of dialogues and one of video stories
  ...HUB_IDS.filter((hub) => ['complete-beginner', 'practical-dialogues', 'yt-stories'].includes(hub)).map(
    (hub) => ({ path: `/learn-polish/${hub}` }),
  ),
  { path: FREE_LESSON },
  { path: '/intermediate/mieszkanie-na-mokotowie/listen', name: 'listening mode' },
  {
    path: PREMIUM_LESSON,
    name: 'paywall (premium modal)',
    ready: async (page) => {
      await page.getByRole('dialog', { name: 'Get Premium Access!' }).waitFor();
    },
  },
  {
    path: '/premium-member',
    ready: (page) => page.locator('.plan-card [data-testid="plan-price"]').first().waitFor(),
  },
  { path: '/podcast' },
  { path: '/podcast/ordering-food-in-poland' },
  { path: '/blog' },
  { path: '/blog/the-7-polish-cases-explained' },
  { path: '/word-checker' },
  { path: '/', name: 'log-in dialog', ready: openDialog('Sign in', 'Log in or register') },
  {
    path: '/',
    name: 'sign-up dialog',
    ready: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Join 5000+ learners' }).click();
      await page.getByRole('dialog', { name: 'Sign up' }).waitFor();
    },
  },
  { path: '/forgot-password' },
  { path: '/reset-password?token=not-a-token&userid=nobody', name: 'reset password' },
  { path: '/settings', name: 'settings (signed out)' },
  { path: '/terms-and-conditions' },
  { path: '/privacy' },
  { path: '/credits' },
  { path: '/beginner/no-such-lesson', name: 'unknown lesson' },
  { path: '/no-such-page', name: '404 (the home page)' },
];

const LEARNER: TStop[] = [
  { path: '/welcome' },
  { path: '/settings' },
  { path: '/words' },
  { path: '/review' },
  { path: '/progress' },
  { path: FREE_LESSON, name: 'free lesson (signed in)' },
  { path: PREMIUM_LESSON, name: 'paywall (learner)', ready: (page) => page.getByRole('dialog').waitFor() },
  { path: '/premium-member', name: 'premium page (learner)' },
];

const PREMIUM: TStop[] = [
  { path: PREMIUM_LESSON, name: 'premium lesson (premium)' },
  { path: '/yt-stories/kopalnia-soli', name: 'video story (premium)' },
  { path: '/practical-dialogues/na-dworcu', name: 'dialogue (premium)' },
  { path: '/listening-practice/komunikat-na-dworcu', name: 'listening practice (premium)' },
  { path: '/settings', name: 'settings (premium)' },
];

const { open } = useBrowser();

/** Visits each stop in one page and returns the findings, one line per page with any. */
async function sweep(page: Page, size: string, stops: TStop[]): Promise<string[]> {
  const found: string[] = [];
  for (const stop of stops) {
    const where = `${size} ${stop.name ?? stop.path}`;
    try {
      await page.goto(stop.path);
      await (stop.ready ? stop.ready(page) : page.getByRole('heading', { level: 1 }).first().waitFor());
      await page.locator('footer').waitFor({ state: 'attached' });
      // the page's lazy parts have come (its files, images' sizes, fonts); not "network idle", which a page that
      // polls (a lesson whose audio is being prepared) never reaches, and which cost up to 10 s a page
      await page.waitForLoadState('load');
      // the parts drawn when the reader comes near them (a lesson's vocabulary, questions and exercises, home's
      // teaching sections) are checked too
      await readThrough(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // a toast easing in or out is half transparent: its contrast would be measured mid-fade
      const violations = await seriousA11yViolations(page, { exclude: '[data-sonner-toaster]' });
      if (violations.length) found.push(`${where}: ${violations.join('; ')}`);
    } catch (err) {
      found.push(`${where}: could not be checked: ${String(err).split('\n')[0]}`);
    }
  }
  return found;
}

describe.each(WALKTHROUGH_SIZES)('axe on every page (%s)', (size, viewport) => {
  it('a visitor', async () => {
    const { page } = await open({ viewport });
    expect(await sweep(page, size, VISITOR)).toEqual([]);
  }, 600_000);

  it('a signed-in learner', async () => {
    const user = await registerViaApi(newAccount(`a11y-${size}`));
    const { page } = await open({ viewport, user });
    expect(await sweep(page, size, LEARNER)).toEqual([]);
  }, 300_000);

  it('a premium learner', async () => {
    const account = newAccount(`a11y-p-${size}`);
    await registerViaApi(account);
    await grantPremium(account.email);
    // signed in after the grant, so the pages start as a premium member's
    const user = (await loginViaApi(account.email, account.password)).body as TApiUser;
    expect(user.roles).toContain('PremiumMember');
    const { page } = await open({ viewport, user });
    expect(await sweep(page, size, PREMIUM)).toEqual([]);
  }, 300_000);
});
