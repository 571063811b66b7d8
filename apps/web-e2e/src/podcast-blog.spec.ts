import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { baseUrl } from './support/server-info';

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

async function apiJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, { headers: { Accept: 'application/json' } });
  return (await res.json()) as T;
}

describe('podcast and blog in a browser', () => {
  it('/podcast lists the 6 episodes newest first, with the RSS feed; an episode shows its notes', async () => {
    const episodes = await apiJson<{ slug: string; title: string; date: string }[]>('/content/podcast');
    const { page, errors } = await open();
    await page.goto('/podcast');
    await page.getByRole('heading', { level: 1, name: 'Polski Stories Podcast' }).waitFor();
    await page.locator('.episode-card').first().waitFor();
    expect(await page.locator('.episode-card').count()).toBe(6);
    const titles = await page.locator('.episode-card-title').allTextContents();
    expect(titles).toEqual(episodes.map((e) => e.title));
    const dates = await page
      .locator('.episode-card time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(await page.getByRole('link', { name: 'Subscribe with RSS' }).getAttribute('href')).toBe(
      '/podcast/feed.xml',
    );
    const meta = await page.locator('meta[name="description"]').getAttribute('content');
    expect(meta).toContain('Episodes in clear, natural Polish');

    await page.getByRole('link', { name: episodes[0].title }).click();
    await page.getByRole('heading', { level: 1, name: episodes[0].title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/podcast/${episodes[0].slug}`);
    expect(await page.title()).toContain(episodes[0].title);
    expect(await page.getByRole('region', { name: 'Show notes' }).locator('h2').count()).toBeGreaterThan(0);
    // the browser tests render no episode: a note that the audio is being prepared, not a broken player
    await page.getByText(/Audio is being prepared/).waitFor();
    expect(await page.getByText(/not published yet/).count()).toBe(0);
    expect(await page.locator('audio').count()).toBe(0);
    const line = page.locator('.transcript-pl').first();
    await line.click();
    expect(await line.getAttribute('aria-expanded')).toBe('true');
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('the podcast feed link is served by the server as RSS', async () => {
    const res = await fetch(`${baseUrl()}/podcast/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('rss');
  });

  it('/blog lists the 6 posts; a post shows its article', async () => {
    const posts = await apiJson<{ slug: string; title: string }[]>('/content/blog');
    const { page, errors } = await open();
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await page.locator('.post-card').first().waitFor();
    expect(await page.locator('.post-card').count()).toBe(6);
    await page.getByRole('link', { name: posts[1].title }).click();
    await page.getByRole('heading', { level: 1, name: posts[1].title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/${posts[1].slug}`);
    expect(await page.locator('.post-body p').count()).toBeGreaterThan(0);
    expect(await page.title()).toContain(posts[1].title);
    expect(errors).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])('screenshots on %s: podcast, an episode, blog, a post', async (name, viewport) => {
    const episodes = await apiJson<{ slug: string }[]>('/content/podcast');
    const posts = await apiJson<{ slug: string }[]>('/content/blog');
    const { page } = await open({ viewport });
    await page.goto('/podcast');
    await page.locator('.episode-card').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `podcast-${name}.png`), fullPage: true });
    await page.goto(`/podcast/${episodes[0].slug}`);
    await page.getByText(/Audio is being prepared/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `episode-${name}.png`), fullPage: true });
    await page.goto('/blog');
    await page.locator('.post-card').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `blog-${name}.png`), fullPage: true });
    await page.goto(`/blog/${posts[0].slug}`);
    await page.locator('.post-body').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `post-${name}.png`), fullPage: true });
  });
});
