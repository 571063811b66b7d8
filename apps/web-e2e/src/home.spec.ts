import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { settledAxe } from './support/a11y';

const HERO = 'Start Learning Polish Through Stories';

const signedInUser = {
  token: 'e2e.not-a-real.token',
  username: 'ola',
  email: 'ola@example.test',
  lang: 'en',
  emailConfirmed: true,
  roles: ['Member'],
  cus: null,
  premiumLifetime: false,
};

let browser: Browser;
let opened: TOpenedPage | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await opened?.context.close();
  opened = undefined;
});

async function open(options?: Parameters<typeof openPage>[1]) {
  opened = await openPage(browser, options);
  return opened;
}

describe('home page in a browser', () => {
  it('a visitor sees the hero, with a Learn Polish link and the page title', async () => {
    const { page, errors } = await open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: HERO }).waitFor();
    expect(await page.title()).toContain('Polski Stories');
    // the hero's (the visitors' header has one too)
    const hero = page.getByRole('region', { name: HERO });
    expect(await hero.getByRole('link', { name: 'Learn Polish', exact: true }).getAttribute('href')).toBe(
      '/learn-polish',
    );
    // the alphabet is among the teaching sections, drawn when the visitor scrolls towards them
    await page.mouse.wheel(0, 400);
    await page.locator('.alphabet .letter').first().waitFor();
    expect(await page.locator('.alphabet .letter').count()).toBe(32);
    expect(errors).toEqual([]);
  });

  it('the reviews carousel wraps around both ways', async () => {
    const { page } = await open();
    await page.goto('/');
    // the sections, and the carousel among them, are drawn when the visitor comes near them: scroll down to the
    // section after it
    await page.mouse.wheel(0, 400);
    await page.locator('.podcast-promo').scrollIntoViewIfNeeded();
    const indicator = page.getByTestId('reviews-indicator');
    await expect(indicator.textContent()).resolves.toBe('1 / 6');
    await page.getByRole('button', { name: 'Previous review' }).click();
    await expect(indicator.textContent()).resolves.toBe('6 / 6');
    await page.getByRole('button', { name: 'Next review' }).click();
    await expect(indicator.textContent()).resolves.toBe('1 / 6');
    await page.getByRole('button', { name: 'Next review' }).click();
    await expect(indicator.textContent()).resolves.toBe('2 / 6');
  });

  it("the sign-in button opens 'Log in or register'; Escape closes it and focus returns", async () => {
    const { page } = await open();
    await page.goto('/');
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await signIn.click();
    const dialog = page.getByRole('dialog', { name: 'Log in or register' });
    await dialog.waitFor();
    expect(await page.getByLabel('Username or Email').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the footer links to the terms, which have anchors section1 to section9', async () => {
    const { page } = await open();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms-and-conditions');
    for (let i = 1; i <= 9; i++) expect(await page.locator(`#section${i}`).count()).toBe(1);
    expect(await page.locator('#section10').count()).toBe(0);
    // the table of contents takes the reader to a section
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link').nth(8).click();
    await page.waitForFunction(() => window.location.hash === '#section9');
    expect(await page.locator('#section9').isVisible()).toBe(true);
  });

  it('an unknown path shows the home page (served by the API, rendered by the app)', async () => {
    const { page } = await open();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: HERO }).waitFor();
  });

  it('has no serious or critical accessibility violations on home', async () => {
    const { page } = await open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: HERO }).waitFor();
    const results = await (await settledAxe(page)).analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(bad).toEqual([]);
  });

  it('on a phone the signed-in menu sits behind a bars button', async () => {
    const { page } = await open({ viewport: MOBILE, user: signedInUser });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: HERO }).waitFor();
    const bars = page.getByRole('button', { name: 'Menu' });
    await bars.waitFor();
    expect(await bars.getAttribute('aria-expanded')).toBe('false');
    const learn = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn Polish' });
    expect(await learn.isVisible()).toBe(false);
    await bars.click();
    expect(await bars.getAttribute('aria-expanded')).toBe('true');
    expect(await learn.isVisible()).toBe(true);
    await learn.click();
    await page.getByRole('heading', { level: 1, name: 'Learn Polish' }).waitFor();
    expect(await page.locator('.hub-card').count()).toBe(9);
  });

  it('on a desktop the signed-in menu is inline and Logout signs out', async () => {
    const { page } = await open({ viewport: DESKTOP, user: signedInUser });
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Podcast' }).isVisible()).toBe(true);
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  });
});
