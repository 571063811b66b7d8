import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { newAccount, registerViaApi, type TApiUser } from './support/accounts';
import { settledAxe } from './support/a11y';
import { sharedDatabaseUrl } from './support/api-server';
import { launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { baseUrl } from './support/server-info';

/**
 * Saved words and review in a real Chromium (issue 17; docs/product.md, "Saved words and review"): a learner saves
 * three words of a free lesson with rendered audio (global-setup's E2E_MEDIA), sees them highlighted in the text,
 * reviews them as each card type (meaning, cloze, listening: a card's types take turns by its number of reviews, so
 * the test moves the cards' due dates into the past between rounds, as time would), undoes an answer, and exports
 * the CSV. What the page shows is checked against what the database holds.
 */
const LESSON = '/complete-beginner/complete-beginner-1';
/** The words saved: the form in the text, its lemma, where the server finds it. */
const WORDS = [
  { form: 'studentką', lemma: 'studentka' },
  { form: 'szkoła', lemma: 'szkoła' },
  { form: 'Dzisiaj', lemma: 'dzisiaj' },
] as const;

let browser: Browser;
let db: Client;
const opened: TOpenedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });
  db = new Client({ connectionString: sharedDatabaseUrl() });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

async function userId(username: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]);
  return rows[0].id;
}

/** Time passes: every card of the learner is due now (the types take turns by the number of reviews). */
async function makeDue(id: string): Promise<void> {
  await db.query(`UPDATE review_cards SET due = now() - interval '1 second' WHERE user_id = $1`, [id]);
}

async function logs(id: string): Promise<{ card_type: string; rating: number }[]> {
  const { rows } = await db.query<{ card_type: string; rating: number }>(
    'SELECT card_type, rating FROM review_logs WHERE user_id = $1 ORDER BY review',
    [id],
  );
  return rows;
}

const kind = (page: Page) => page.locator('.review-kind');

/** The card shown: which of the saved words it is (by its meaning hint or the highlighted form). */
async function currentLemma(page: Page, lemmas: Record<string, string>): Promise<string> {
  const text = (await page.locator('.review-card').innerText()).toLocaleLowerCase('pl');
  const hit = Object.entries(lemmas).find(([, meaning]) => text.includes(meaning.toLocaleLowerCase('pl')));
  if (!hit) throw new Error(`no saved word on the card: ${text}`);
  return hit[0];
}

describe('saved words and review', () => {
  let user: TApiUser;
  let id: string;

  beforeAll(async () => {
    user = await registerViaApi(newAccount('words'));
    id = await userId(user.username);
  });

  it('a learner saves three words from a lesson and sees them highlighted in the text', async () => {
    const o = await openPage(browser, { user });
    opened.push(o);
    const { page } = o;
    await page.goto(LESSON);
    const text = page.locator('.lesson-text');
    // the statuses arrived: words with no status are marked new
    await text.locator('button.word.ws-new').first().waitFor();
    for (const w of WORDS) {
      const word = text.locator('button.word', { hasText: new RegExp(`^${w.form}$`) }).first();
      await word.click();
      const popover = page.getByRole('dialog', { name: w.form });
      await popover.getByRole('button', { name: 'Save word' }).click();
      await popover.getByRole('button', { name: 'Saved' }).waitFor();
      expect(await popover.getByRole('button', { name: 'Saved' }).getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('Escape');
      expect(await word.getAttribute('class')).toContain('ws-learning ws-1');
    }
    // each saved word, in every form, is learning 1 and says so to a screen reader; the others stay new
    for (const w of WORDS) {
      const word = text.locator('button.word', { hasText: new RegExp(`^${w.form}$`) }).first();
      expect(await word.getAttribute('class')).toContain('ws-1');
      const described = await word.evaluate(
        (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
      );
      expect(described).toBe('learning, stage 1 of 4');
    }
    expect(
      await text
        .locator('button.word', { hasText: /^Jestem$/ })
        .first()
        .getAttribute('class'),
    ).toContain('ws-new');
    const axe = await (await settledAxe(page)).include('.lesson-text').analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    const saved = await db.query<{ lemma: string }>(
      'SELECT lemma FROM saved_words WHERE user_id = $1 ORDER BY lemma',
      [id],
    );
    expect(saved.rows.map((r) => r.lemma)).toEqual(WORDS.map((w) => w.lemma).sort());
    const cards = await db.query('SELECT 1 FROM review_cards WHERE user_id = $1', [id]);
    expect(cards.rowCount).toBe(3);
    const statuses = await db.query<{ lemma: string; status: string; stage: number }>(
      'SELECT lemma, status, stage FROM word_statuses WHERE user_id = $1 ORDER BY lemma',
      [id],
    );
    expect(statuses.rows).toEqual(
      WORDS.map((w) => ({ lemma: w.lemma, status: 'learning', stage: 1 })).sort((a, b) =>
        a.lemma.localeCompare(b.lemma),
      ),
    );
  });

  it('reviews them as meaning, cloze and listening cards on a phone, undoes an answer, and exports the CSV', async () => {
    const words = await (
      await fetch(`${baseUrl()}/api/learning/words`, { headers: { Authorization: `Bearer ${user.token}` } })
    ).json();
    expect(words).toHaveLength(3);
    const meanings: Record<string, string> = Object.fromEntries(
      (words as { lemma: string; meaning: string }[]).map((w) => [w.lemma, w.meaning]),
    );
    const forms: Record<string, string> = Object.fromEntries(WORDS.map((w) => [w.lemma, w.form]));

    const o = await openPage(browser, { user, viewport: MOBILE });
    opened.push(o);
    const { page } = o;

    // round 1: meaning recall, revealed with Space and graded with the keys
    await page.goto('/review');
    await page.getByText('Due now: 0 reviews and 3 new cards.', { exact: false }).waitFor();
    // the grade buttons sit at the bottom of a phone's screen, large enough for a thumb
    for (let n = 0; n < 3; n++) {
      await page.getByRole('button', { name: 'Show the answer' }).waitFor();
      expect(await kind(page).innerText()).toMatch(/^meaning/i);
      await page.keyboard.press('Space');
      const good = page.getByRole('button', { name: /^Good, next review in/ });
      await good.waitFor();
      const box = (await good.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(MOBILE.height - 100);
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(await good.innerText()).toMatch(/Good\s+10 min/);
      await page.keyboard.press(n === 2 ? '1' : '3');
      await page
        .getByRole('status')
        .filter({ hasText: /comes back in/ })
        .waitFor();
    }
    await page.getByRole('heading', { name: 'Well done: that’s all for now' }).waitFor();
    expect((await logs(id)).map((l) => l.rating)).toEqual([3, 3, 1]);
    // U undoes the last answer (the Again): the card is back, its log gone
    await page.keyboard.press('u');
    await page.getByText(/^Undone: “.+” is back\.$/).waitFor();
    expect((await logs(id)).map((l) => l.rating)).toEqual([3, 3]);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /^Good, next review in/ }).click();
    await page.getByRole('heading', { name: 'Well done: that’s all for now' }).waitFor();
    expect((await logs(id)).map((l) => `${l.card_type}:${l.rating}`)).toEqual([
      'meaning:3',
      'meaning:3',
      'meaning:3',
    ]);

    // round 2 (later): fill the gap; the server scores the typed word (diacritics forgiven as "almost")
    await makeDue(id);
    await page.goto('/review');
    for (let n = 0; n < 3; n++) {
      const box = page.getByRole('textbox', { name: 'The missing word' });
      await box.waitFor();
      expect(await kind(page).innerText()).toMatch(/^fill the gap/i);
      const lemma = await currentLemma(page, meanings);
      const typed = n === 0 ? forms[lemma].replace('ą', 'a').replace('ł', 'l') : forms[lemma];
      await box.fill(typed);
      await page.keyboard.press('Enter');
      const verdict = page.locator('.review-answer p').first();
      await verdict.waitFor();
      expect(await verdict.innerText()).toMatch(
        typed === forms[lemma] ? /^Correct!/ : /^(Almost: mind the letters\.|Correct!)/,
      );
      expect(await verdict.innerText()).toContain(forms[lemma]);
      await page.keyboard.press('Enter');
    }
    await page.getByRole('heading', { name: 'Well done: that’s all for now' }).waitFor();
    expect((await logs(id)).filter((l) => l.card_type === 'cloze')).toHaveLength(3);

    // round 3: listening: the sentence's stretch of the lesson's rendered track plays, then the word is typed
    await makeDue(id);
    const track = page.waitForRequest((r) =>
      r.url().includes('/api/content/media/lessons/complete-beginner/'),
    );
    await page.goto('/review');
    await page.getByRole('button', { name: 'Play the sentence' }).waitFor();
    expect(await kind(page).innerText()).toMatch(/^listening/i);
    await track;
    const lemma = await currentLemma(page, meanings);
    await page.getByRole('textbox', { name: 'The missing word' }).fill(forms[lemma]);
    await page.keyboard.press('3');
    await page.locator('.review-score-correct').waitFor();
    const listening = (await logs(id)).filter((l) => l.card_type === 'listening');
    expect(listening).toEqual([{ card_type: 'listening', rating: 3 }]);
    const axe = await (await settledAxe(page)).include('.review-page').analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    // My words: export CSV through the export route; the file holds the three words and their statuses
    await page.goto('/words');
    await page.getByRole('heading', { name: 'Saved words (3)' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('polski-words.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('lemma,status,stage,pos,form,meaning,sentence,translation,hub,slug,due');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',').slice(0, 3).join(','))
        .sort(),
    ).toEqual(WORDS.map((w) => `${w.lemma},learning,1`).sort());
    for (const w of WORDS) expect(csv).toContain(`,${w.form},`);
    expect(csv).toContain('complete-beginner,complete-beginner-1');
    expect(o.errors).toEqual([]);
  });
});
