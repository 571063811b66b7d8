import type { Page } from 'playwright-core';
import {
  MOBILE,
  readThrough,
  useBrowser,
  WALKTHROUGH_SIZES,
  WIDE_DESKTOP as DESKTOP,
} from './support/browser';
import { seriousA11yViolations } from './support/a11y';

/**
 * Issue 18, item 4 (docs/product.md, "Translator bar"): the SHOW TRANSLATOR button sits in a rail the page keeps
 * free, so at no scroll position does it lie over anything one can press; the open translator is a side panel on a
 * wide screen (the page beside it) and a bottom sheet on a phone that leaves the sentence being read in view.
 */
const FREE = '/complete-beginner/complete-beginner-1';
const PREMIUM = '/complete-beginner/complete-beginner-2';

const { open } = useBrowser();

type TBox = { left: number; top: number; right: number; bottom: number };

/**
 * At one scroll position: the interactive elements of the page (outside the translator and outside inert content)
 * whose box meets `box`, described for the failure message.
 */
function interactiveOver(page: Page, box: TBox): Promise<string[]> {
  return page.evaluate((b) => {
    const selector =
      'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="radio"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
    const hits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.closest('.translator') || el.closest('[inert]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom) {
        hits.push(
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(r.top)}`,
        );
      }
    }
    return hits;
  }, box);
}

async function toggleBox(page: Page): Promise<TBox> {
  const box = await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).boundingBox();
  if (!box) throw new Error('no SHOW TRANSLATOR button');
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

/** From the top of the page to its end, half a window at a time: the button lies over nothing interactive. */
async function expectButtonCoversNothing(page: Page): Promise<number> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = Math.floor((page.viewportSize()?.height ?? 800) / 2);
  let positions = 0;
  for (let y = 0; y <= height + step; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    const hits = await interactiveOver(page, await toggleBox(page));
    expect({ y, hits }).toEqual({ y, hits: [] });
    positions += 1;
  }
  return positions;
}

describe('the translator button never covers interactive content', () => {
  it.each(WALKTHROUGH_SIZES)(
    '%s: a lesson with its quiz, a hub, the list of hubs and the paywall',
    async (_name, viewport) => {
      const { page, errors } = await open({ viewport });
      await page.goto(FREE);
      await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).waitFor();
      // the quiz is there (its answers are radio buttons or buttons inside .question), drawn once the reader comes near
      await readThrough(page);
      await page.locator('.question').first().scrollIntoViewIfNeeded();
      expect(await page.locator('.question').count()).toBeGreaterThan(0);
      // the exercises are drawn when the learner comes near them: go there first, then check every position
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
      await page.waitForTimeout(500);
      expect(await expectButtonCoversNothing(page)).toBeGreaterThan(3);

      for (const path of ['/learn-polish/complete-beginner', '/learn-polish']) {
        await page.goto(path);
        await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).waitFor();
        await page.locator('main h1').first().waitFor();
        await expectButtonCoversNothing(page);
      }

      // the paywall: the gate's buttons once the modal is closed (the modal itself covers everything while open)
      await page.goto(PREMIUM);
      const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Unlock with Premium' }).waitFor();
      await expectButtonCoversNothing(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    },
    120_000,
  );
});

describe('the open translator leaves the text in view', () => {
  it('desktop: a side panel at the side, the page laid out beside it; nothing of the page under it', async () => {
    const { page, errors } = await open({ viewport: DESKTOP });
    await page.goto(FREE);
    await page.locator('.lesson-text .sentence').first().waitFor();
    await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).click();
    const panel = page.locator('.translator.is-open');
    await panel.getByRole('button', { name: 'HIDE TRANSLATOR' }).waitFor();
    const p = await panel.boundingBox();
    const text = await page.locator('.lesson-text').boundingBox();
    if (!p || !text) throw new Error('no panel or no text');
    // a full-height panel at the right edge
    expect(Math.round(p.x + p.width)).toBe(DESKTOP.width);
    expect(p.height).toBeGreaterThanOrEqual(DESKTOP.height - 2);
    expect(p.width).toBeLessThan(DESKTOP.width / 2);
    // the text is wholly to its left, in the window
    expect(text.x).toBeGreaterThanOrEqual(0);
    expect(text.x + text.width).toBeLessThanOrEqual(p.x);
    const first = await page.locator('.lesson-text .sentence').first().boundingBox();
    expect(first && first.y + first.height).toBeLessThanOrEqual(DESKTOP.height);
    const box = { left: p.x, top: p.y, right: p.x + p.width, bottom: p.y + p.height };
    expect(await interactiveOver(page, box)).toEqual([]);
    // usable: translate a word, and the text is still there beside the answer
    await panel.getByPlaceholder('Enter text to translate').fill('dom');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'HIDE TRANSLATOR' }).click();
    await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('translator-open'))).toBe(
      false,
    );
    expect(errors).toEqual([]);
  }, 90_000);

  it('phone: a bottom sheet of at most half the screen; the sentence the learner was at stays in view above it', async () => {
    const { page, errors } = await open({ viewport: MOBILE });
    page.setDefaultTimeout(20_000);
    await page.goto(FREE);
    const sentences = page.locator('.lesson-text .sentence');
    await sentences.first().waitFor();
    // the translator is there (it notes the sentence a learner touches from then on)
    await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).waitFor();
    // the learner reads a sentence low on the screen, where the sheet will be, and touches one of its words
    const target = sentences.nth(Math.min(5, (await sentences.count()) - 1));
    await target.evaluate((el) => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - window.innerHeight + 120, behavior: 'instant' });
    });
    const before = await target.boundingBox();
    expect(before && before.y).toBeGreaterThan(MOBILE.height / 2);
    await target.evaluate((el) => el.querySelector<HTMLElement>('button, [tabindex]')?.focus());

    await page.getByRole('button', { name: 'SHOW TRANSLATOR' }).click();
    const sheet = page.locator('.translator.is-open');
    await sheet.getByRole('button', { name: 'HIDE TRANSLATOR' }).waitFor();
    const s = await sheet.boundingBox();
    const after = await target.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    if (!s || !after || !header) throw new Error('no sheet, sentence or header');
    // a sheet along the bottom, full width, at most half the height
    expect(Math.round(s.y + s.height)).toBe(MOBILE.height);
    expect(Math.round(s.width)).toBe(MOBILE.width);
    expect(s.height).toBeLessThanOrEqual(MOBILE.height / 2 + 1);
    // the sentence is wholly between the header and the sheet
    expect(after.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(after.y + after.height).toBeLessThanOrEqual(s.y);
    // the form fits: the text box and the Translate button are in the sheet
    await sheet.getByPlaceholder('Enter text to translate').fill('dom');
    await sheet.getByRole('button', { name: 'Translate' }).scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 150_000);
});
