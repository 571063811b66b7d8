import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { settledAxe } from './support/a11y';
import { baseUrl } from './support/server-info';

/** docs/product.md, "Grammar notes": the section on a free lesson, on a phone. */
const FREE = '/complete-beginner/complete-beginner-1';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'polski-web-e2e-screenshots');

interface TNoteExample {
  paragraph: number;
  sentence: number;
  word: string;
  start: number;
  end: number;
  en: string;
}
interface TLesson {
  paragraphs: { sentences: { pl: string }[] }[];
  grammar: { title: string; table: { caption: string }; examples: TNoteExample[] }[];
}

let browser: Browser;
let opened: TOpenedPage | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await opened?.context.close();
  await browser?.close();
});

describe('grammar notes in a browser', () => {
  it('opens the notes, and an example word highlights, scrolls to and focuses the word in the text', async () => {
    const lesson = (await (await fetch(`${baseUrl()}/api/content/lessons${FREE}`)).json()) as TLesson;
    const [note] = lesson.grammar;
    const example = note.examples[note.examples.length - 1];
    const sentence = lesson.paragraphs[example.paragraph].sentences[example.sentence].pl;

    opened = await openPage(browser, { viewport: MOBILE });
    const { page, errors } = opened;
    await page.goto(FREE);
    const section = page.getByRole('region', { name: 'Grammar' });
    await section.waitFor();
    // collapsed: the topic is named, the table is not shown
    await section.getByText(`This lesson practises ${note.title}.`).waitFor();
    expect(await section.getByRole('table').count()).toBe(0);

    // the toggle's name follows its state ("Show grammar notes", "Hide grammar notes")
    const toggle = section.getByRole('button', { name: /^(Show|Hide) grammar notes$/ });
    expect(await toggle.textContent()).toBe('Show grammar notes');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.textContent()).toBe('Hide grammar notes');
    const table = page.getByRole('table', { name: note.table.caption });
    await table.waitFor();
    expect(await table.locator('th[scope="col"]').count()).toBeGreaterThan(1);
    expect(await table.locator('th[scope="row"]').count()).toBeGreaterThan(0);

    // a phone never scrolls the page sideways; a wide table scrolls in its own box
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // the last example, by keyboard: its word is marked in the text, in view, and has the focus
    // (Chromium may put a space between the word and the visually hidden ": show in the text")
    const name = new RegExp(`^${example.word}\\s*: show in the text$`);
    const button = section.getByRole('button', { name }).last();
    await button.focus();
    await page.keyboard.press('Enter');
    // an example may be a few words ("Ona jest"): each of its word buttons is marked, and the first one focused
    const marks = page.locator('.lesson-text .grammar-mark');
    const mark = marks.first();
    await mark.waitFor();
    expect((await marks.allTextContents()).join(' ')).toBe(example.word);
    // the marked words are in the example's sentence
    expect(await mark.evaluate((el) => el.closest('.sentence')?.textContent ?? '')).toContain(sentence);
    await page.waitForFunction(() => document.activeElement?.classList.contains('grammar-mark') === true);
    await page.waitForFunction(() => {
      const r = document.querySelector('.lesson-text .grammar-mark')!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(await mark.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // and screen readers are told
    expect(await section.getByRole('status').textContent()).toBe(
      `“${example.word}” is highlighted in the text.`,
    );

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'grammar-notes-phone-text.png') });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'grammar-notes-phone-section.png') });

    const a11y = await (await settledAxe(page)).include('.grammar-section').analyze();
    expect(
      a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });
});
