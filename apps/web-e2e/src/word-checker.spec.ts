import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { seriousA11yViolations } from './support/a11y';

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'polski-web-e2e-screenshots');
/** In NODE_ENV=test the API loads the spelling dictionary on the first check: about 10 s, more on a busy machine. */
const FIRST_CHECK_MS = 60_000;
const FREE = '/complete-beginner/complete-beginner-1';

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

const wordResult = (page: Page, word: string) =>
  page.locator('.wc-word').filter({ has: page.getByText(word, { exact: true }) });

describe('the word checker in a browser', () => {
  it(
    'corrects a typo: zolw gets the suggestion żółw, and choosing it checks again as correct',
    async () => {
      const { page, errors } = await open();
      await page.goto('/word-checker');
      await page.getByRole('heading', { level: 1, name: 'Word Checker' }).waitFor();
      expect(await page.title()).toContain('Polish Word Checker');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('spelling');

      await page.getByLabel('Polish word or phrase').fill('zolw');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      const wrong = wordResult(page, 'zolw');
      await wrong.getByText('Not in the dictionary').waitFor({ timeout: FIRST_CHECK_MS });
      expect(new URL(page.url()).searchParams.get('q')).toBe('zolw');
      const suggestion = wrong.getByRole('button', { name: 'żółw', exact: true });
      expect(await suggestion.isVisible()).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, 'word-checker-typo-desktop.png'), fullPage: true });

      await suggestion.click();
      const right = wordResult(page, 'żółw');
      await right.getByText('Correct', { exact: true }).waitFor();
      expect(await page.getByLabel('Polish word or phrase').inputValue()).toBe('żółw');
      expect(await right.innerText()).toMatch(/turtle|tortoise/);
      expect(new URL(page.url()).searchParams.get('q')).toBe('żółw');
      await page.screenshot({ path: join(SCREENSHOTS, 'word-checker-correct-desktop.png'), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    },
    FIRST_CHECK_MS + 30_000,
  );

  it(
    'a phrase on a phone: a verdict per word, the dictionary form of an inflected word',
    async () => {
      const { page } = await open({ viewport: MOBILE });
      await page.goto('/word-checker?q=Mam%20kota');
      await page.getByText('2 words checked', { exact: false }).waitFor({ timeout: FIRST_CHECK_MS });
      expect(await wordResult(page, 'kota').innerText()).toContain('Dictionary form: kot');
      await page.screenshot({ path: join(SCREENSHOTS, 'word-checker-mobile.png'), fullPage: true });

      // All forms: the declension of kot, the checked form highlighted, the table scrolling in its own box
      await wordResult(page, 'kota').getByRole('button', { name: 'All forms of kot' }).click();
      const table = wordResult(page, 'kota').getByRole('table').first();
      await table.waitFor();
      expect(await table.locator('td.is-seen').allInnerTexts()).toEqual([
        expect.stringContaining('kota'),
        expect.stringContaining('kota'),
      ]);
      const box = wordResult(page, 'kota').locator('.inflection-scroll').first();
      expect(await box.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
      // the page itself does not scroll sideways on a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, 'word-checker-all-forms-mobile.png'), fullPage: true });
    },
    FIRST_CHECK_MS + 30_000,
  );
});

describe('looking up a word of a lesson', () => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])('on %s: a tap on a word opens its explanation; Escape closes it', async (name, viewport) => {
    const { page, errors } = await open({ viewport });
    await page.goto(FREE);
    await page.locator('.lesson-text').waitFor();
    const word = page.locator('.lesson-text button.word').first();
    const text = (await word.innerText()).trim();
    await word.click();
    const popover = page.getByRole('dialog', { name: text });
    await popover.waitFor();
    // the explanation from the lesson's annotations
    await popover.locator('.word-explain-form').waitFor();
    expect(await popover.evaluate((el) => el === document.activeElement)).toBe(true);
    await popover.getByRole('button', { name: 'Show sentence translation' }).click();
    await page.locator('.lesson-text .sentence-en').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `word-popover-${name}.png`) });
    if (name === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await word.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });
});
