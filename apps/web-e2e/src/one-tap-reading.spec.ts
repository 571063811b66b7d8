import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { tokenize, type TAnnotations } from '@polski/contracts';
import { launchBrowser, openPage, type TOpenedPage } from './support/browser';
import { baseUrl } from './support/server-info';

/**
 * One-tap reading (issue 14, item 3): every word of two free lessons opens its explanation from the lesson answer's
 * annotations with no request to the API after the lesson has loaded; the popover's timing is measured with the
 * Performance API over every word of the longer lesson (recorded, not asserted: docs/performance.md).
 */
const LESSONS = [
  ['complete-beginner', 'complete-beginner-1'],
  // the longest free lesson
  ['short-stories', 'stary-zegarmistrz'],
] as const;
const TIMING_FILE = process.env.POPOVER_TIMING_FILE ?? join(tmpdir(), 'polski-popover-timing.json');

interface TApiLesson {
  title: string;
  path: string;
  paragraphs: { sentences: { pl: string; en: string }[] }[];
  annotations?: TAnnotations;
}

interface TExpected {
  word: string;
  form: string;
  lemma: string;
  meaning: string;
}

/** Per word of the text (in order), what the popover should say, from the annotations. */
function expectedWords(lesson: TApiLesson): TExpected[] {
  const a = lesson.annotations;
  if (!a) throw new Error(`${lesson.path} has no annotations`);
  const sentences = lesson.paragraphs.flatMap((p) => p.sentences.map((s) => s.pl));
  return sentences.flatMap((text, i) =>
    tokenize(text).flatMap((t, ti) => {
      if (t.kind !== 'word') return [];
      const token = a.blocks[i][ti];
      const lexeme = a.lexemes[token.lexeme];
      return [
        { word: t.text, form: token.form, lemma: lexeme.lemma, meaning: token.meaning ?? lexeme.meaning },
      ];
    }),
  );
}

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

async function lessonJson(hub: string, slug: string): Promise<TApiLesson> {
  const res = await fetch(`${baseUrl()}/api/content/lessons/${hub}/${slug}`, {
    headers: { Accept: 'application/json' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TApiLesson;
}

/** Opens the lesson, waits for its text, then records every request to the API from then on. */
async function openLesson(lesson: TApiLesson) {
  const o = await openPage(browser);
  opened.push(o);
  // the layout's test-mode marker asks for the payments configuration once per page, after the catalogue and its own
  // file: on a busy machine that can come after a quiet half second, so it is waited for, not assumed
  const config = o.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payments/config');
  await o.page.goto(lesson.path);
  await o.page.locator('.lesson-text button.word').first().waitFor();
  await config;
  await o.page.waitForLoadState('networkidle');
  const apiRequests: string[] = [];
  o.page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push(`${r.method()} ${r.url()}`);
  });
  return { ...o, apiRequests };
}

interface TSeen {
  word: string;
  heading: string;
  form: string;
  lemma: string;
  meaning: string;
  /** ms from the click to the dialog in the document, and to the next frame after it (painted) */
  dom: number;
  frame: number;
}

/** In the page: clicks every word in turn, reads its popover, closes it with Escape; times each with the Performance API. */
function tapEveryWord(page: Page): Promise<TSeen[]> {
  return page.evaluate(async () => {
    const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim();
    const words = Array.from(document.querySelectorAll<HTMLButtonElement>('.lesson-text button.word'));
    const out: TSeen[] = [];
    performance.clearMeasures();
    for (const [i, w] of words.entries()) {
      performance.mark(`word-${i}`);
      w.click();
      let dialog: Element | null = null;
      while (!(dialog = document.querySelector('.word-popover'))) await new Promise((r) => setTimeout(r, 0));
      const dom = performance.measure(`popover-dom-${i}`, `word-${i}`).duration;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const frame = performance.measure(`popover-frame-${i}`, `word-${i}`).duration;
      out.push({
        word: text(w),
        heading: text(dialog.querySelector('h3')),
        form: text(dialog.querySelector('.word-explain-form')),
        lemma: text(dialog.querySelector('.word-explain-lemma strong')),
        meaning: text(dialog.querySelector('.word-explain-meaning')),
        dom,
        frame,
      });
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      while (document.querySelector('.word-popover')) await new Promise((r) => setTimeout(r, 0));
    }
    return out;
  });
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};

describe('one-tap reading in a browser', () => {
  it('complete-beginner-1: a real click on every word shows its form, lemma and meaning; no API request', async () => {
    const lesson = await lessonJson(...LESSONS[0]);
    const expected = expectedWords(lesson);
    const { page, apiRequests, errors } = await openLesson(lesson);
    const words = page.locator('.lesson-text button.word');
    expect(await words.count()).toBe(expected.length);
    for (const [i, e] of expected.entries()) {
      const word = words.nth(i);
      await word.click();
      const dialog = page.getByRole('dialog', { name: e.word, exact: true });
      await dialog.waitFor();
      expect({
        word: e.word,
        form: await dialog.locator('.word-explain-form').innerText(),
        lemma: await dialog.locator('.word-explain-lemma strong').innerText(),
        meaning: await dialog.locator('.word-explain-meaning').innerText(),
      }).toEqual(e);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await word.evaluate((el) => el === document.activeElement)).toBe(true);
    }

    // from the keyboard: Enter on the focused word; the sentence's translation is one more tap
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: expected[0].word, exact: true });
    await dialog.getByRole('button', { name: 'Show sentence translation' }).click();
    await page.getByText(lesson.paragraphs[0].sentences[0].en, { exact: true }).waitFor();

    expect(apiRequests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('"All forms" from a popover: the inflection table, with the tapped form highlighted', async () => {
    const lesson = await lessonJson(...LESSONS[0]);
    const expected = expectedWords(lesson);
    const a = lesson.annotations as TAnnotations;
    // the first noun of the text
    const sentences = lesson.paragraphs.flatMap((p) => p.sentences.map((s) => s.pl));
    const nouns = sentences.flatMap((text, i) =>
      tokenize(text)
        .map((t, ti) => ({ t, token: a.blocks[i][ti] }))
        .filter(({ t }) => t.kind === 'word'),
    );
    const at = nouns.findIndex(({ token }) => a.lexemes[token.lexeme].pos === 'noun' && token.tag);
    expect(at).toBeGreaterThanOrEqual(0);
    const { page, apiRequests, errors } = await openLesson(lesson);
    await page.locator('.lesson-text button.word').nth(at).click();
    const dialog = page.getByRole('dialog', { name: expected[at].word, exact: true });
    await dialog.getByRole('button', { name: 'All forms' }).click();
    const table = dialog.getByRole('table').first();
    await table.waitFor();
    expect(await table.locator('caption').innerText()).toContain(expected[at].lemma);
    const seen = await table.locator('td.is-seen').allInnerTexts();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((cell) => cell.toLowerCase().includes(expected[at].word.toLowerCase()))).toBe(true);
    expect(apiRequests).toEqual([expect.stringMatching(/^GET .*\/api\/words\/inflection\?lemma=/)]);
    expect(errors).toEqual([]);
  });

  it('the longest free lesson: every word explained, no API request; the popover timing recorded', async () => {
    const lesson = await lessonJson(...LESSONS[1]);
    const expected = expectedWords(lesson);
    const { page, apiRequests, errors } = await openLesson(lesson);
    const seen = await tapEveryWord(page);
    expect(seen.map(({ word, form, lemma, meaning }) => ({ word, form, lemma, meaning }))).toEqual(expected);
    expect(seen.every((s) => s.heading === s.word)).toBe(true);
    const figures = {
      lesson: lesson.path,
      words: seen.length,
      domP50: [...seen.map((s) => s.dom)].sort((a, b) => a - b)[Math.floor(seen.length / 2)],
      domP95: p95(seen.map((s) => s.dom)),
      frameP95: p95(seen.map((s) => s.frame)),
      frameMax: Math.max(...seen.map((s) => s.frame)),
    };
    writeFileSync(TIMING_FILE, `${JSON.stringify(figures, null, 2)}\n`);
    console.log('popover timing', figures);
    expect(apiRequests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
