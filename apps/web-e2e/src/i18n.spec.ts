import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newAccount, registerViaApi, waitForMail } from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';

// docs/product.md, "Interface language": the browser's language before signing in, the menu's choice kept, and
// Arabic right to left without overflow or overlap
/** The interface and email catalogues of a language (docs/i18n.md). */
const json = (...path: string[]): Record<string, string> =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', ...path), 'utf8'));
const DE = json('web', 'src', 'locales', 'de.json');
const DE_MAIL = json('api', 'src', 'modules', 'mail', 'locales', 'de.json');

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

async function open(options: Parameters<typeof openPage>[1] & { locale?: string } = {}) {
  const { locale, ...rest } = options;
  const o = await openPage(browser, rest);
  if (locale) {
    // what a browser set to that language sends and says (navigator.languages)
    await o.context.addInitScript((l) => {
      Object.defineProperty(navigator, 'languages', { get: () => [l, 'en'] });
      Object.defineProperty(navigator, 'language', { get: () => l });
    }, locale);
  }
  opened.push(o);
  return o;
}

const htmlLangDir = (page: Page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

/** Elements of the page that stick out of the viewport sideways, or a page wider than the window. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page ${document.documentElement.scrollWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('header *, main *, footer *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (getComputedStyle(el).position === 'fixed') continue;
      if (r.left < -1 || r.right > width + 1)
        out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });

/** Pairs of the header's controls that overlap each other. */
const headerOverlaps = (page: Page) =>
  page.evaluate(() => {
    const items = Array.from(
      document.querySelectorAll<HTMLElement>('.navbar > a, .navbar > button, .navbar > .language-menu'),
    )
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0);
    const out: string[] = [];
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i].r;
        const b = items[j].r;
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
          out.push(`${items[i].el.className} / ${items[j].el.className}`);
      }
    return out;
  });

describe('interface language in a browser', () => {
  it('a visitor whose browser asks for Ukrainian gets the Ukrainian shell before signing in', async () => {
    const { page, errors } = await open({ locale: 'uk-UA' });
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Забули пароль?' }).waitFor();
    expect(await htmlLangDir(page)).toEqual(['uk', 'ltr']);
    await page.getByRole('button', { name: 'Увійти' }).waitFor();
    // the footer loads just after the first paint
    await page.getByRole('link', { name: 'Умови використання' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a German visitor registers in German: the form, its toasts, the confirmation email and settings', async () => {
    const account = newAccount('de-reg');
    const { page, errors } = await open({ locale: 'de-DE' });
    await page.goto('/');
    await page.getByRole('button', { name: DE['shell.nav.signIn'] }).click();
    const dialog = page.getByRole('dialog', { name: DE['auth.dialog.title'] });
    await dialog.getByRole('button', { name: DE['auth.login.createAccount'] }).click();
    const signUp = page.getByRole('dialog', { name: DE['auth.register.heading'] });
    await signUp.getByLabel(DE['auth.field.username']).fill(account.username);
    await signUp.getByLabel(DE['auth.field.email']).fill(account.email);
    await signUp.getByLabel(DE['auth.field.password'], { exact: true }).fill(account.password);
    await signUp.getByLabel(DE['auth.field.confirmPassword']).fill(account.password);
    // the interface's language is the native language the form proposes
    expect(await signUp.getByLabel(DE['auth.register.language']).inputValue()).toBe('de');
    await signUp.getByRole('button', { name: DE['auth.register.submit'] }).click();
    await page.locator('[data-sonner-toast]', { hasText: DE['auth.register.success'] }).first().waitFor();
    await page.locator('[data-sonner-toast]', { hasText: DE['auth.register.linkSent'] }).first().waitFor();

    // the confirmation email speaks German too: subject, text and the button's words
    const mail = await waitForMail(account.email, DE_MAIL['confirmEmail.subject']);
    expect(mail.text).toContain(DE_MAIL['confirmEmail.body']);
    expect(mail.html).toContain(DE_MAIL['confirmEmail.action']);
    expect(mail.links.some((l) => new URL(l).pathname === '/confirmemail')).toBe(true);

    // and the settings: German headings, German the saved native language
    await page
      .getByRole('navigation', { name: DE['shell.nav.label'] })
      .getByRole('link', { name: DE['shell.nav.settings'] })
      .click();
    await page.getByRole('heading', { name: DE['settings.nativeLanguage'] }).waitFor();
    await page.getByRole('button', { name: DE['settings.sendLink'] }).first().waitFor();
    expect(await htmlLangDir(page)).toEqual(['de', 'ltr']);
    expect(errors).toEqual([]);
  });

  it('the menu changes the page without a reload, and the choice is kept', async () => {
    const { page } = await open();
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('banner').getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Passwort vergessen?' }).waitFor();
    // the same document: no reload happened
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await htmlLangDir(page)).toEqual(['de', 'ltr']);
    await page.reload();
    await page.getByRole('heading', { name: 'Passwort vergessen?' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
  });

  it('a signed-in learner gets their native language, and a menu choice becomes it', async () => {
    const account = newAccount('i18n');
    const user = await registerViaApi(account, 'de');
    const { page } = await open({ user });
    await page.goto('/premium-member');
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Einstellungen' })
      .waitFor();
    await page.getByRole('banner').getByLabel('Sprache').selectOption('uk');
    await page.getByRole('navigation', { name: 'Головне меню' }).waitFor();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('user') ?? '{}').lang === 'uk');
  });

  for (const viewport of [{ width: 1366, height: 900 }, MOBILE]) {
    it(`Arabic mirrors the layout without overflow or overlap at ${viewport.width}x${viewport.height}`, async () => {
      const account = newAccount('rtl');
      const user = await registerViaApi(account, 'ar');
      const { page } = await open({ user, viewport: viewport ?? DESKTOP });
      for (const path of ['/complete-beginner/complete-beginner-1', '/settings', '/premium-member']) {
        await page.goto(path);
        await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).waitFor();
        await page.locator('footer').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await htmlLangDir(page)).toEqual(['ar', 'rtl']);
        expect({ path, overflow: await overflow(page) }).toEqual({ path, overflow: [] });
        expect({ path, overlaps: await headerOverlaps(page) }).toEqual({ path, overlaps: [] });
      }
      // mirrored: the brand sits at the right edge of the header, the menu control at the left
      const brand = await page.locator('a.navbar-brand').boundingBox();
      expect(brand!.x + brand!.width).toBeGreaterThan(viewport.width / 2);
    });
  }
});
