import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newAccount, registerViaApi } from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { grantPremium } from './support/premium';
import { seriousA11yViolations } from './support/a11y';

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'polski-web-e2e-screenshots');

let browser: Browser;
const opened: TOpenedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

async function open(options?: Parameters<typeof openPage>[1]) {
  const o = await openPage(browser, options);
  opened.push(o);
  return o;
}

/** Page errors, leaving out the browser's own line for an expected 403 (the member's translation). */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of 403/.test(e));

const bar = (page: Page) => page.getByRole('complementary', { name: 'Translator' });
const results = (page: Page) => page.getByRole('region', { name: 'Translation' });

async function openTranslator(page: Page) {
  const toggle = page.getByRole('button', { name: 'SHOW TRANSLATOR', exact: true });
  await toggle.click();
  await page.getByRole('button', { name: 'HIDE TRANSLATOR', exact: true }).waitFor();
  await page.getByPlaceholder('Enter text to translate').waitFor();
}

describe('the translator bar in a browser', () => {
  it('is on learning pages and not on home', async () => {
    const { page } = await open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).count()).toBe(0);
    await page.goto('/learn-polish');
    await page.getByRole('button', { name: 'SHOW TRANSLATOR', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('a premium user translates kot (Polish → English), switches, and translates dog (English → Polish)', async () => {
    const account = newAccount('translator');
    const user = await registerViaApi(account, 'en');
    await grantPremium(account.email);
    const { page, errors } = await open({ user });
    await page.goto('/learn-polish');
    await openTranslator(page);

    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('pl');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('en');
    await page.getByPlaceholder('Enter text to translate').fill('kot');
    await page.getByText('3 / 1000').waitFor();
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    await results(page)
      .getByText(/\bcat\b/)
      .waitFor();
    // no cloud keys in the test server: the offline dictionary answered, and the bar says so (dictionary mode)
    // (the badge is shown in capitals)
    expect(await results(page).innerText()).toMatch(/dictionary mode/i);
    expect(await results(page).innerText()).toContain('Word by word from an offline dictionary');
    expect(await results(page).innerText()).not.toContain('Translated by');
    await page.screenshot({ path: join(SCREENSHOTS, 'translator-result-desktop.png') });

    await page.getByRole('button', { name: 'Switch languages' }).click();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('en');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('pl');
    await page.getByPlaceholder('Enter text to translate').fill('dog');
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    await results(page)
      .getByText(/\bpies\b/)
      .waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);

    // the same on a phone: the open bar is a sheet at the bottom
    const phone = await open({ user, viewport: MOBILE });
    await phone.page.goto('/podcast');
    await openTranslator(phone.page);
    await phone.page.getByPlaceholder('Enter text to translate').fill('kot');
    await phone.page.getByRole('button', { name: 'Translate', exact: true }).click();
    await results(phone.page)
      .getByText(/\bcat\b/)
      .waitFor();
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'translator-result-mobile.png') });
  });

  it('a member without premium who submits gets the premium modal, and no error toast', async () => {
    const account = newAccount('member');
    const user = await registerViaApi(account, 'de');
    const { page, errors } = await open({ user });
    await page.goto('/podcast');
    // the member's native language is German: so is the interface, the bar included (apps/web/src/locales/de.json)
    await page.getByRole('button', { name: 'ÜBERSETZER ANZEIGEN', exact: true }).click();
    await page.getByRole('button', { name: 'ÜBERSETZER AUSBLENDEN', exact: true }).waitFor();
    // Polish → the member's stored language
    expect(await page.getByLabel('Nach', { exact: true }).inputValue()).toBe('de');
    await page.getByPlaceholder('Text zum Übersetzen eingeben').fill('kot');
    await page.getByRole('button', { name: 'Übersetzen', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Hol dir Premium!' });
    await modal.waitFor();
    expect(await modal.getByText('Mehrsprachiger Übersetzer').isVisible()).toBe(true);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await page.getByRole('region', { name: 'Übersetzung' }).getByRole('alert').innerText()).toContain(
      'Der Übersetzer ist eine Premium-Funktion',
    );
    expect(realErrors(errors)).toEqual([]);
  });

  // decisions.md, "Gated content" (issue 18 item 9): a visitor gets the premium path, and can still log in
  it.each([
    ['desktop', { width: 1366, height: 900 }],
    ['phone', MOBILE],
  ])(
    'a visitor who submits gets the premium modal, and the bar still offers to log in (%s)',
    async (_n, viewport) => {
      const { page, errors } = await open({ viewport });
      await page.goto('/blog');
      await openTranslator(page);
      await page.getByPlaceholder('Enter text to translate').fill('kot');
      await page.getByRole('button', { name: 'Translate', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
      await modal.waitFor();
      expect(await modal.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe(
        '/premium-member',
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await modal.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });
      expect(
        await page.getByRole('region', { name: 'Translation' }).getByRole('alert').innerText(),
      ).toContain('Please log in to translate');
      await bar(page).getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('dialog', { name: 'Log in or register' }).waitFor();
      expect(realErrors(errors)).toEqual([]);
    },
  );

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])('screenshots on %s: the bar collapsed and open', async (name, viewport) => {
    const { page } = await open({ viewport });
    await page.goto('/learn-polish');
    await page.locator('.hub-card').first().waitFor();
    await page.getByRole('button', { name: 'SHOW TRANSLATOR', exact: true }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `translator-collapsed-${name}.png`) });
    await openTranslator(page);
    expect(await bar(page).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, `translator-open-${name}.png`) });
  });
});
