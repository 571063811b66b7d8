import type { Browser, Page } from 'playwright-core';
import { newAccount } from './support/accounts';
import { settledAxe } from './support/a11y';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { baseUrl } from './support/server-info';

// The welcome after sign-up (docs/product.md, "Welcome after sign-up"), at desktop and phone sizes.
let browser: Browser;
const opened: TOpenedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

async function signUpFromHome(page: Page) {
  const account = newAccount('welcome');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or register' });
  await dialog.getByRole('button', { name: 'Create an Account' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign up' });
  await signUp.getByLabel('Username').fill(account.username);
  await signUp.getByLabel('Email Address').fill(account.email);
  await signUp.getByLabel('Password', { exact: true }).fill(account.password);
  await signUp.getByLabel('Confirm Password').fill(account.password);
  await signUp.getByRole('button', { name: 'Sign up' }).click();
  await signUp.waitFor({ state: 'detached' });
  return account;
}

async function learningSettings(page: Page) {
  const token = await page.evaluate(
    () => JSON.parse(window.localStorage.getItem('user') ?? '{}').token as string,
  );
  const res = await fetch(`${baseUrl()}/api/learning/settings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { goalKind: string; goalAmount: number };
}

describe('welcome after sign-up', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    it(`${size}: a new account answers two questions and lands on the right first lesson with its goal saved`, async () => {
      const o = await openPage(browser, { viewport });
      opened.push(o);
      const { page } = o;
      const account = await signUpFromHome(page);
      await page.waitForURL('**/welcome');
      await page
        .getByRole('heading', { level: 1, name: 'Welcome to Polski Stories' })
        .waitFor({ timeout: 10_000 });
      expect(await page.getByText(`Two quick questions, ${account.username}`).count()).toBe(1);
      const axe = await (await settledAxe(page)).include('main').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      if (size === 'desktop') {
        await page.getByRole('radio', { name: /I know some Polish/ }).check();
        await page.getByRole('radio', { name: /Serious/ }).check();
      }
      await page.getByRole('button', { name: 'Start learning' }).click();
      if (size === 'desktop') {
        // the first free Mini Story
        await page.waitForURL(/\/beginner\/[a-z0-9-]+$/);
        expect(await learningSettings(page)).toMatchObject({ goalKind: 'items', goalAmount: 40 });
      } else {
        await page.waitForURL('**/complete-beginner/complete-beginner-1');
        expect(await learningSettings(page)).toMatchObject({ goalKind: 'items', goalAmount: 20 });
      }
      await page.locator('.lesson-text, article').first().waitFor();
    });
  }

  it('Skip for now goes to the learning paths, and a visitor has no welcome to see', async () => {
    const o = await openPage(browser, { viewport: MOBILE });
    opened.push(o);
    const { page } = o;
    await signUpFromHome(page);
    await page.waitForURL('**/welcome');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL('**/learn-polish');
    const visitor = await openPage(browser, { viewport: DESKTOP });
    opened.push(visitor);
    await visitor.page.goto('/welcome');
    await visitor.page.waitForURL('**/learn-polish');
  });
});
