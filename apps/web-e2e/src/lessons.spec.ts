import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newAccount, registerViaApi } from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage, readThrough, type TOpenedPage } from './support/browser';
import { grantPremium } from './support/premium';
import { seriousA11yViolations } from './support/a11y';
import { baseUrl } from './support/server-info';
import { audioClaims } from '@polski/contracts';

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'polski-web-e2e-screenshots');
const FREE = '/complete-beginner/complete-beginner-1';
const PREMIUM = '/complete-beginner/complete-beginner-2';

interface TApiLesson {
  title: string;
  paragraphs: { sentences: { pl: string; en: string }[] }[];
  questions: { question: string; options: string[]; answer: number }[];
}

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

async function apiJson<T>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Page errors, leaving out the browser's own line for the expected 403 of a gated lesson. */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of 403/.test(e));

const opacity = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => getComputedStyle(el).opacity);

describe('lessons in a browser', () => {
  it('a visitor: hubs, a hub, a free lesson (translation, question), then a premium lesson behind the gate', async () => {
    const free = (await apiJson<TApiLesson>('/content/lessons/complete-beginner/complete-beginner-1')).body;
    const { page, errors } = await open();

    await page.goto('/learn-polish');
    await page.getByRole('heading', { level: 1, name: 'Learn Polish' }).waitFor();
    expect(await page.locator('.hub-card').count()).toBe(9);
    // the counts come from /api/content/hubs
    await page.locator('.hub-card', { hasText: 'Complete Beginner' }).getByText('20 lessons').waitFor();

    await page.getByRole('link', { name: 'Complete Beginner' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete Beginner' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/learn-polish/complete-beginner');
    expect(await page.locator('.lesson-item').count()).toBe(20);
    const first = page.locator('.lesson-item').first();
    expect(await first.locator('.badge-free').textContent()).toBe('Free');
    expect(await page.locator('.lesson-item').nth(1).locator('.badge-premium').textContent()).toBe('Premium');
    expect(await first.getByText(/min read/).count()).toBe(1);

    await first.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: free.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(FREE);
    expect(await page.title()).toContain(free.title);

    // reveal one sentence's translation: its first word, then the popover's button
    const s0 = free.paragraphs[0].sentences[0];
    expect(await page.getByText(s0.en, { exact: true }).count()).toBe(0);
    await page.locator('.lesson-text button.word').first().click();
    const show = page.getByRole('dialog').getByRole('button', { name: 'Show sentence translation' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    await page.getByText(s0.en, { exact: true }).waitFor();
    const hide = page.getByRole('dialog').getByRole('button', { name: 'Hide sentence translation' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');

    // answer the first question correctly (the questions are drawn when the reader comes near them)
    await page.getByRole('heading', { level: 2, name: 'Questions' }).scrollIntoViewIfNeeded();
    const q0 = free.questions[0];
    const question = page.locator('.question').first();
    await question.getByRole('button', { name: q0.options[q0.answer], exact: true }).click();
    await question.getByText('Correct!').waitFor();
    await page.getByText('Score: 1 / ').waitFor();

    // the next lesson is premium
    await page.getByRole('link', { name: /Next lesson/ }).click();
    const modal = page.getByRole('dialog', { name: 'Get Premium Access!' });
    await modal.waitFor();
    expect(new URL(page.url()).pathname).toBe(PREMIUM);
    for (const text of [
      'Exclusive lessons',
      'Exercises and quizzes',
      audioClaims('synthetic').short, // the e2e catalogue's audio is eSpeak NG's
      'Multilingual translator',
    ]) {
      expect(await modal.getByText(text).isVisible()).toBe(true);
    }
    expect(await modal.getByText('Join 1000s of learners').isVisible()).toBe(true);
    // it carries the lesson, to come back to after paying (docs/product.md, "Return from checkout")
    expect(await modal.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe(
      `/premium-member?returnTo=${encodeURIComponent(PREMIUM)}`,
    );
    const teaser = page.getByTestId('premium-teaser');
    expect(await opacity(page, '[data-testid="premium-teaser"]')).toBe('0.5');
    expect(await teaser.getAttribute('inert')).not.toBeNull();
    expect(await teaser.getAttribute('aria-hidden')).toBe('true');

    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await opacity(page, '[data-testid="premium-teaser"]')).toBe('0.5');
    expect(await teaser.getAttribute('inert')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'Unlock with Premium' }).isVisible()).toBe(true);
    // the teaser cannot be clicked or focused; signing in is still possible
    expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    // the gate is an expected answer: no 'Something went wrong'
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
  });

  it('the server sends no body of a premium lesson to a visitor: the page shows only the teaser', async () => {
    const { status, body } = await apiJson<{ teaser: { firstParagraph: string } }>(
      '/content/lessons/complete-beginner/complete-beginner-2',
    );
    expect(status).toBe(403);
    const { page } = await open();
    await page.goto(PREMIUM);
    await page.getByRole('dialog', { name: 'Get Premium Access!' }).waitFor();
    expect(await page.getByTestId('premium-teaser').textContent()).toContain(body.teaser.firstParagraph);
    expect(await page.locator('.vocabulary-table').count()).toBe(0);
    expect(await page.locator('.question').count()).toBe(0);
  });

  it('a premium user reads the premium lesson in full, marks it completed, and the listing shows the mark', async () => {
    const account = newAccount('premium');
    const user = await registerViaApi(account);
    await grantPremium(account.email);
    const full = (
      await apiJson<TApiLesson>('/content/lessons/complete-beginner/complete-beginner-2', user.token)
    ).body;
    const { page, errors } = await open({ user });

    await page.goto(PREMIUM);
    await page.getByRole('heading', { level: 1, name: full.title }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('premium-teaser').count()).toBe(0);
    const last = full.paragraphs[full.paragraphs.length - 1].sentences.at(-1);
    const lastSentence = page.locator('.lesson-text .sentence-words').last();
    expect(await lastSentence.isVisible()).toBe(true);
    expect(await lastSentence.textContent()).toBe(last?.pl);
    // the vocabulary and the questions are drawn when the reader comes near them
    await readThrough(page);
    await page.locator('.question').first().waitFor();
    expect(await page.locator('.vocabulary-table tbody tr').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.question').count()).toBe(full.questions.length);

    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await page.getByText('You have completed this lesson.').waitFor();

    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Complete Beginner' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Complete Beginner' }).waitFor();
    const item = page.locator('.lesson-item').nth(1);
    await item.locator('.lesson-item-done').waitFor();
    expect(await item.getAttribute('class')).toContain('is-completed');
    expect(await item.getByText('Completed').count()).toBe(1);
    expect(await page.locator('.lesson-item-done').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'hub-completed-desktop.png') });
    // stored in the database
    const progress = await apiJson<{ slug: string }[]>('/content/progress', user.token);
    expect(progress.body.map((p) => p.slug)).toEqual(['complete-beginner-2']);
    expect(realErrors(errors)).toEqual([]);
  });

  it('listening mode hides the text until "Show text"', async () => {
    const { body: hub } = await apiJson<{ lessons: { slug: string; premium: boolean }[] }>(
      '/content/hubs/int-mini-stories',
    );
    const freeStory = hub.lessons.find((l) => !l.premium);
    expect(freeStory).toBeDefined();
    const { page } = await open();
    await page.goto(`/intermediate/${freeStory?.slug}/listen`);
    await page.getByText('Listening mode').waitFor();
    expect(await page.locator('.lesson-text').count()).toBe(0);
    expect(await page.locator('.listen-panel.is-prominent').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Show text' }).click();
    await page.locator('.lesson-text').waitFor();
  });

  it("a free lesson's first paint: the app shell before any script, then the lesson without zod", async () => {
    // docs/performance.md, "Lighthouse of the lesson page, 2026-11-27"
    const { page } = await open();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // the page as the server sends it, without running any JavaScript: the shell's header and skeleton
    const html = await (await fetch(`${baseUrl()}${FREE}`)).text();
    expect(html).toMatch(
      /<div id="boot-shell" aria-hidden="true">[\s\S]*class="navbar-brand"[\s\S]*boot-skeleton/,
    );
    await page.goto(FREE);
    await page.locator('.lesson-hint').waitFor();
    expect(await page.locator('#boot-shell').isVisible()).toBe(false);
    await page.getByRole('heading', { level: 1, name: 'Cześć, jestem Ania' }).waitFor();
    // the lesson's answer (sent with the page) passes the hand-written guard, so zod is never fetched for it
    expect(scripts.filter((s) => /\/assets\/(?:zod|hub-schemas)-/.test(s))).toEqual([]);
  });

  it('a bare hub prefix leads to the hub listing', async () => {
    const { page } = await open();
    await page.goto('/beginner');
    await page.getByRole('heading', { level: 1, name: 'Mini Stories' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/learn-polish/mini-stories');
  });

  it('has no serious or critical accessibility violations on a hub, a lesson and the gate', async () => {
    const { page } = await open();
    await page.goto('/learn-polish/complete-beginner');
    await page.locator('.lesson-item').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(FREE);
    await page.locator('.lesson-text').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(PREMIUM);
    await page.getByRole('dialog', { name: 'Get Premium Access!' }).waitFor();
    await page.waitForTimeout(400); // mid-animation colours are not the real contrast
    expect(await seriousA11yViolations(page)).toEqual([]);
    // three axe runs over long pages: more than a minute on a loaded machine
  }, 150_000);

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])('screenshots on %s: hub, lesson, gate', async (name, viewport) => {
    const { page } = await open({ viewport });
    await page.goto('/learn-polish/complete-beginner');
    await page.locator('.lesson-item').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `hub-${name}.png`), fullPage: true });
    await page.goto(FREE);
    await page.locator('.lesson-text').waitFor();
    await page.locator('.lesson-text button.word').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Show sentence translation' }).click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: join(SCREENSHOTS, `lesson-${name}.png`), fullPage: true });
    await page.goto(PREMIUM);
    await page.getByRole('dialog', { name: 'Get Premium Access!' }).waitFor();
    await page.waitForTimeout(300); // the dialog's entrance animation
    await page.screenshot({ path: join(SCREENSHOTS, `gate-modal-${name}.png`) });
    await page.getByRole('button', { name: 'Close' }).click();
    await page.screenshot({ path: join(SCREENSHOTS, `gate-closed-${name}.png`), fullPage: true });
  });
});
