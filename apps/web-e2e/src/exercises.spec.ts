import type { Browser, Page } from 'playwright-core';
import { launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { settledAxe } from './support/a11y';
import { baseUrl } from './support/server-info';

/**
 * The exercises of a free lesson (docs/product.md, "Exercises"; issue 14 item 6), done in a browser as a learner
 * does them: a cloze typed without its Polish letters, a sentence rebuilt from its words, a form picked.
 */
const FREE = '/complete-beginner/complete-beginner-1';
const PREMIUM = '/complete-beginner/complete-beginner-2';

interface TApiExercise {
  type: 'cloze' | 'word-order' | 'form';
  text?: string;
  answer?: string | number;
  sentence?: string;
  words?: string[];
  options?: string[];
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

async function open(options?: Parameters<typeof openPage>[1]) {
  const o = await openPage(browser, options);
  opened.push(o);
  // layout shifts not caused by input, summed as the CLS metric does (one window is enough for this page)
  await o.page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return o;
}

/** Scrolls down as a reader does, a wheel turn at a time, until the exercises' first heading is on the screen. */
async function scrollToExercises(page: Page) {
  const heading = page.getByRole('heading', { level: 3, name: 'Fill in the missing word' });
  for (let i = 0; i < 60 && !(await heading.isVisible().catch(() => false)); i++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(50);
  }
  await heading.waitFor();
}

async function lessonExercises(): Promise<TApiExercise[]> {
  const res = await fetch(`${baseUrl()}/api/content/lessons/complete-beginner/complete-beginner-1`);
  return ((await res.json()) as { exercises: TApiExercise[] }).exercises;
}

describe('exercises in a browser', () => {
  it('a visitor does each type of exercise in a free lesson', async () => {
    const exercises = await lessonExercises();
    const cloze = exercises.find((x) => x.type === 'cloze' && /[ąćęłńóśźż]/.test(String(x.answer)));
    const order = exercises.find((x) => x.type === 'word-order');
    const form = exercises.find((x) => x.type === 'form');
    if (!cloze || !order?.words || !form?.options) throw new Error('the free lesson lacks an exercise type');
    const clozeNumber = exercises.filter((x) => x.type === 'cloze').indexOf(cloze) + 1;
    const formNumber = exercises.filter((x) => x.type === 'form').indexOf(form) + 1;

    const { page, errors } = await open();
    await page.goto(FREE);
    const section = page.getByRole('region', { name: 'Exercises' });
    // drawn only when the reader comes near them: none of their words is on the page at first
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('.lesson-exercises').count()).toBe(0);
    await scrollToExercises(page);

    // cloze: the answer typed without its Polish letters is "almost", and the correct spelling is shown
    const answer = String(cloze.answer);
    const plain = answer.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L');
    expect(plain).not.toBe(answer);
    const clozeItem = section
      .getByRole('region', { name: 'Fill in the missing word' })
      .getByRole('listitem')
      .nth(clozeNumber - 1);
    const input = clozeItem.getByRole('textbox', { name: `Missing word, sentence ${clozeNumber}` });
    await input.fill(plain);
    await input.press('Enter');
    const clozeStatus = clozeItem.getByRole('status');
    await clozeStatus.getByText('Almost!').waitFor();
    expect(await clozeStatus.textContent()).toBe(`Almost! The correct spelling is ${answer}.`);
    expect(await clozeItem.locator('strong[lang="pl"]').textContent()).toBe(answer);
    expect(await input.getAttribute('readonly')).not.toBeNull();

    // word order: the words are shuffled; placed in the text's order, from the keyboard, the sentence is right
    const orderItem = section
      .getByRole('region', { name: 'Put the words in order' })
      .getByRole('listitem')
      .first();
    const bank = orderItem.getByRole('group', { name: 'Words to use' });
    const shown = await bank.getByRole('button').allTextContents();
    expect([...shown].sort()).toEqual([...order.words].sort());
    expect(shown).not.toEqual(order.words);
    for (const word of order.words) {
      const chip = bank.getByRole('button', { name: word, exact: true }).first();
      await chip.focus();
      await page.keyboard.press('Enter');
    }
    await orderItem.getByRole('group', { name: `Your sentence: ${order.words.join(' ')}` }).waitFor();
    // the keyboard is on Check once every word is placed
    await page.waitForFunction(() => document.activeElement?.textContent === 'Check');
    await page.keyboard.press('Enter');
    await orderItem.getByRole('status').getByText('Correct!').waitFor();

    // form in context: pick the form the sentence needs; the gap shows it
    const formItem = section
      .getByRole('region', { name: 'Choose the right form' })
      .getByRole('listitem')
      .nth(formNumber - 1);
    const right = form.options[Number(form.answer)];
    await formItem.getByRole('button', { name: right, exact: true }).click();
    await formItem.getByRole('status').getByText('Correct!').waitFor();
    expect(await formItem.locator('.form-gap').textContent()).toBe(right);
    expect(
      await formItem.getByRole('button', { name: new RegExp(`^${right}`) }).getAttribute('class'),
    ).toContain('is-correct');

    // no serious accessibility problem in the section; nothing moved on its own
    const axe = await (await settledAxe(page)).include('.lesson-exercises').analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.1);
    expect(errors).toEqual([]);
  });

  it('on a phone: the words wrap inside the screen, a wrong order can be shown its answer', async () => {
    const exercises = await lessonExercises();
    const order = exercises.find((x) => x.type === 'word-order');
    if (!order?.words || !order.sentence) throw new Error('the free lesson has no word-order exercise');
    const { page, errors } = await open({ viewport: MOBILE });
    await page.goto(FREE);
    await scrollToExercises(page);
    const orderItem = page
      .getByRole('region', { name: 'Put the words in order' })
      .getByRole('listitem')
      .first();
    const bank = orderItem.getByRole('group', { name: 'Words to use' });
    await bank.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    // the reverse of the text's order is wrong (the item lists no such order)
    for (const word of [...order.words].reverse())
      await bank.getByRole('button', { name: word, exact: true }).first().click();
    await orderItem.getByRole('button', { name: 'Check' }).click();
    await orderItem.getByRole('status').getByText('Not quite.', { exact: false }).waitFor();
    await orderItem.getByRole('button', { name: 'Show the answer' }).click();
    expect(await orderItem.getByRole('status').textContent()).toBe(`The text says: ${order.sentence}`);
    // the word chips are big enough to tap
    const box = await orderItem.locator('.word-chip').first().boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(errors).toEqual([]);
  });

  it('a premium lesson shows a visitor no exercises', async () => {
    const { page } = await open();
    await page.goto(PREMIUM);
    await page.getByRole('dialog', { name: 'Get Premium Access!' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Exercises' }).count()).toBe(0);
    expect(await page.locator('.lesson-exercises').count()).toBe(0);
  });
});
