import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TProgressSummaryResponse, TReviewQueueResponse } from '@polski/contracts';
import { newAccount, registerViaApi, type TApiUser } from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { seriousA11yViolations } from './support/a11y';
import { baseUrl } from './support/server-info';

/**
 * Progress that brings learners back (issue 17, items 3-4; docs/product.md, "Streak and goal in the header",
 * "Continue where you left off", "Progress page"), in a real Chromium against the real API and PostgreSQL.
 */
const FIRST = { hub: 'complete-beginner', slug: 'complete-beginner-1' };
/** complete-beginner-1, paragraph 0, sentence 1, token 1: "studentką" in "Jestem studentką." */
const STUDENTKA = { ...FIRST, p: 0, s: 1, t: 1 };

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

async function open(user: TApiUser) {
  const o = await openPage(browser, { user });
  opened.push(o);
  return o;
}

async function api<T>(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A new learner whose daily goal is 3 items, their days counted in UTC. */
async function learner(): Promise<TApiUser> {
  const user = await registerViaApi(newAccount('progress'));
  const s = await api('PUT', '/learning/settings', user.token, {
    timeZone: 'UTC',
    goalKind: 'items',
    goalAmount: 3,
    newPerDay: 10,
    reviewsPerDay: 100,
  });
  expect(s.status).toBe(200);
  return user;
}

const header = (page: Page) => page.getByTestId('progress-header');

async function headerShows(page: Page, streak: string, goal: string) {
  await header(page).getByTestId('goal-progress').getByText(goal, { exact: true }).waitFor();
  expect(await header(page).getByTestId('streak-days').textContent()).toBe(streak);
}

describe('learning progress', () => {
  it('continues a lesson from home, completes it and answers a review: the streak and the goal move in the header', async () => {
    const user = await learner();
    const { page, errors } = await open(user);

    await page.goto('/');
    await headerShows(page, '0', '0/3');
    expect(await header(page).getAttribute('href')).toBe('/progress');
    expect(await header(page).getAttribute('aria-label')).toBeNull();
    expect(await header(page).textContent()).toContain(
      'Your progress: 0-day streak, not yet extended today. Streak freeze available this week. Today’s goal: 0/3 items.',
    );

    // nothing completed yet: the catalogue's first lesson
    const first = (await api<TProgressSummaryResponse>('GET', '/learning/progress', user.token)).body;
    expect(first.continue).toMatchObject(FIRST);
    const resume = page.getByRole('region', { name: 'Continue where you left off' });
    await resume.getByText(first.continue!.title, { exact: true }).waitFor();
    expect(await resume.getByText('Complete Beginner', { exact: true }).count()).toBe(1);
    const go = resume.getByRole('link', { name: /^Continue/ });
    expect(await go.getAttribute('href')).toBe(first.continue!.path);
    await go.click();
    await page.waitForURL(`**${first.continue!.path}`);
    await page.getByRole('heading', { level: 1, name: first.continue!.title }).waitFor();

    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await page.getByText('You have completed this lesson.').waitFor();
    await headerShows(page, '1', '1/3');

    // a review answered (through the API): the header follows when the learner comes back to the page
    expect((await api('POST', '/learning/words', user.token, STUDENTKA)).status).toBe(201);
    const queue = (await api<TReviewQueueResponse>('GET', '/learning/reviews', user.token)).body;
    expect(queue.items).toHaveLength(1);
    const answer = await api('POST', '/learning/reviews/answers', user.token, {
      cardId: queue.items[0].cardId,
      type: queue.items[0].type,
      rating: 'good',
      durationMs: 8000,
    });
    expect(answer.status).toBe(200);
    await page.reload();
    await headerShows(page, '1', '2/3');
    await page.screenshot({ path: join(SCREENSHOTS, 'progress-header-desktop.png') });
    // on a phone the widget and the menu button both fit the navbar
    await page.setViewportSize(MOBILE);
    const menu = await page.getByRole('button', { name: 'Menu' }).boundingBox();
    const widget = await header(page).boundingBox();
    expect(widget && menu && widget.x + widget.width <= menu.x && menu.x + menu.width <= MOBILE.width).toBe(
      true,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'progress-header-mobile.png') });
    await page.setViewportSize(DESKTOP);

    // home now offers the next lesson the learner can read, and /learn-polish the path's progress
    const next = (await api<TProgressSummaryResponse>('GET', '/learning/progress', user.token)).body;
    expect(next.continue?.slug).not.toBe(FIRST.slug);
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Continue where you left off' })
      .getByText(next.continue!.title, { exact: true })
      .waitFor();
    await page.goto('/learn-polish');
    const hub = next.hubs.find((h) => h.id === FIRST.hub)!;
    const bar = page.getByRole('progressbar', { name: 'Complete Beginner: your progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(hub.percent));
    expect(await bar.getAttribute('aria-valuetext')).toBe(
      `${hub.percent}% (1 of ${hub.total} lessons completed)`,
    );
    expect(await page.getByRole('progressbar').count()).toBe(next.hubs.length);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the progress page draws its charts with text alternatives, and the goal is changed there', async () => {
    const user = await learner();
    expect((await api('POST', '/content/progress', user.token, FIRST)).status).toBe(200);
    expect((await api('POST', '/learning/words', user.token, STUDENTKA)).status).toBe(201);
    expect(
      (await api('POST', '/learning/statuses/known', user.token, { lemmas: ['być', 'cześć'] })).status,
    ).toBe(200);
    const { page, errors } = await open(user);

    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Your progress: / })
      .click();
    await page.waitForURL('**/progress');
    await page.getByRole('heading', { level: 1, name: 'Your progress' }).waitFor();
    expect(await page.getByTestId('words-known').textContent()).toBe('2');

    const charts = [
      /^Words known: 2 today, 0 on /,
      /^1 review due in the next 30 days, 1 of them today/,
      /^Active on 1 of the last \d+ days\.$/,
      /^1 of \d+ lessons completed, in 1 of 9 learning paths\.$/,
    ];
    for (const name of charts) await page.getByRole('img', { name }).waitFor();
    expect(await page.locator('canvas[role="img"]').count()).toBe(4);
    // each canvas has been drawn on (Chart.js sized it to its box)
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('canvas')).every((c) => c.width > 0 && c.height > 0),
    );
    for (const table of [
      'Words known at the end of each week',
      'Reviews due each day',
      'Days with activity or a streak freeze',
      'Lessons completed per learning path',
    ])
      expect(await page.getByRole('table', { name: table }).count()).toBe(1);
    expect(
      await page
        .getByRole('table', { name: 'Lessons completed per learning path' })
        .getByRole('row', { name: /^Complete Beginner 1 / })
        .count(),
    ).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'progress-page-desktop.png'), fullPage: true });

    // a wrong amount is said under its field and nothing is saved; a right one moves the header's goal
    const amount = page.getByRole('spinbutton', { name: 'Daily goal (items)' });
    await amount.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a whole number from 1 to 1000').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect((await api<{ goalAmount: number }>('GET', '/learning/settings', user.token)).body.goalAmount).toBe(
      3,
    );
    await amount.fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await headerShows(page, '1', '1/5');
    expect((await api<{ goalAmount: number }>('GET', '/learning/settings', user.token)).body.goalAmount).toBe(
      5,
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
