import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { scoreDictation, type TLessonResponse, type TMedia, type TMediaTrack } from '@polski/contracts';
import { launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { settledAxe } from './support/a11y';
import { baseUrl } from './support/server-info';

/**
 * The learning player in a real Chromium (issue 15; docs/product.md, "The learning player" and "Dictation"): a free
 * lesson's audio plays headless, the highlighted sentence follows the audio's time, tap-to-play starts a sentence at
 * its timing, speed and loop work, dictation scores a typed sentence, and the player stays on a phone's screen.
 *
 * The lesson's `media` comes from the API when it has rendered audio for the lesson; until the API serves it, the
 * test gives the lesson a `media` block of its own: fixtures/four-tones.mp3 (four 2 s tones 0.5 s apart, 16 kb/s
 * CBR MP3, made once with `ffmpeg -f lavfi -i "aevalsrc='if(lt(mod(t,2.5),2),0.4*sin(2*PI*(440+110*floor(t/2.5))*t),0)':s=16000:d=10"
 * -ac 1 -c:a libmp3lame -b:a 16k four-tones.mp3`) served with HTTP Range, timed on the text's first four sentences.
 */
const HUB = 'complete-beginner';
const SLUG = 'complete-beginner-1';
const FIXTURE_URL = '/e2e-media/four-tones.mp3';
const FIXTURE = readFileSync(join(__dirname, 'fixtures', 'four-tones.mp3'));

let browser: Browser;
const opened: TOpenedPage[] = [];
let lesson: TLessonResponse;
/** The API's own media (true) or the fixture's. */
let realMedia = false;

beforeAll(async () => {
  browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });
  const res = await fetch(`${baseUrl()}/api/content/lessons/${HUB}/${SLUG}`, {
    headers: { Accept: 'application/json' },
  });
  expect(res.status).toBe(200);
  lesson = (await res.json()) as TLessonResponse;
  realMedia = Boolean(
    lesson.media?.status === 'ready' &&
    lesson.media.tracks.some((t) => t.speed === 'normal' && t.sentences.length >= 3),
  );
  if (!realMedia) lesson = { ...lesson, media: fixtureMedia(lesson) };
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

/** Four 2 s tones, 0.5 s apart, on the text's first four sentences; word timings for the first one. */
function fixtureMedia(l: TLessonResponse): TMedia {
  const places = l.paragraphs.flatMap((p, pi) => p.sentences.map((_, si) => ({ p: pi, s: si }))).slice(0, 4);
  return {
    status: 'ready',
    source: 'synthetic',
    voiceLabel: 'Test tones (four-tones.mp3)',
    tracks: [
      {
        speed: 'normal',
        url: FIXTURE_URL,
        durationMs: 10_000,
        bytes: FIXTURE.length,
        sentences: places.map((at, k) => ({
          ...at,
          startMs: k * 2500,
          endMs: k * 2500 + 2000,
          ...(k === 0
            ? {
                words: [
                  { i: 0, startMs: 0, endMs: 700 },
                  { i: 1, startMs: 700, endMs: 1300 },
                  { i: 2, startMs: 1300, endMs: 2000 },
                ],
              }
            : {}),
        })),
      },
    ],
  };
}

function normalTrack(): TMediaTrack {
  const t = lesson.media?.tracks.find((x) => x.speed === 'normal');
  if (!t) throw new Error('no normal track');
  return t;
}
const sentenceTexts = () => lesson.paragraphs.flatMap((p) => p.sentences.map((s) => s.pl));
/** The text's running index of a timing. */
const indexOf = (at: { p: number; s: number }) =>
  lesson.paragraphs.slice(0, at.p).reduce((n, p) => n + p.sentences.length, 0) + at.s;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An MP3 served as a media server does: whole, or the byte range asked for (206). */
async function serveFixture(route: Route) {
  const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers()['range'] ?? '');
  const headers = { 'Content-Type': 'audio/mpeg', 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store' };
  if (!range) return route.fulfill({ status: 200, headers, body: FIXTURE });
  const start = Number(range[1]);
  const end = range[2] ? Math.min(Number(range[2]), FIXTURE.length - 1) : FIXTURE.length - 1;
  return route.fulfill({
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${FIXTURE.length}` },
    body: FIXTURE.subarray(start, end + 1),
  });
}

/** The page as the API sends it, with the lesson answer of its data block given the fixture's media. */
async function withFixtureInPage(route: Route) {
  const response = await route.fetch();
  const html = (await response.text()).replace(
    /(<script type="application\/json" id="[^"]+" data-key="[^"]*">)[\s\S]*?(<\/script>)/,
    (_, open: string, close: string) => `${open}${JSON.stringify(lesson).replace(/</g, '\\u003c')}${close}`,
  );
  expect(html).toContain('four-tones.mp3');
  const headers = Object.fromEntries(
    Object.entries(response.headers()).filter(
      ([k]) => !['content-length', 'content-encoding', 'etag'].includes(k),
    ),
  );
  await route.fulfill({ status: response.status(), headers, body: html });
}

async function openLesson(viewport?: { width: number; height: number }): Promise<Page> {
  const o = await openPage(browser, { viewport });
  opened.push(o);
  if (!realMedia) {
    // a free lesson's page brings its answer in a JSON data block (docs/performance.md); a later fetch asks the API
    await o.page.route(`**/${HUB}/${SLUG}`, withFixtureInPage);
    await o.page.route(`**/api/content/lessons/${HUB}/${SLUG}`, (route) => route.fulfill({ json: lesson }));
    await o.page.route(`**${FIXTURE_URL}`, serveFixture);
  }
  await o.page.goto(`/${HUB}/${SLUG}`);
  await o.page.locator('.learning-player').waitFor();
  return o.page;
}

const audioState = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio.learning-player-audio');
    if (!a) throw new Error('no player audio');
    return {
      t: a.currentTime,
      paused: a.paused,
      rate: a.playbackRate,
      pitch: a.preservesPitch,
      error: a.error?.code ?? 0,
    };
  });
const waitForTime = (page: Page, seconds: number) =>
  page.waitForFunction(
    (s) => (document.querySelector<HTMLAudioElement>('audio.learning-player-audio')?.currentTime ?? 0) >= s,
    seconds,
    { timeout: 20_000 },
  );
const readingText = async (page: Page) =>
  squash(await page.locator('.lesson-text .sentence.is-reading .sentence-words').innerText());

describe('lesson audio in the learning player', () => {
  it('plays a free lesson headless; the highlighted sentence follows the audio’s time', async () => {
    const page = await openLesson();
    const player = page.getByRole('region', { name: 'Listen' });
    expect(await player.getByText(lesson.media!.voiceLabel).isVisible()).toBe(true);
    const [first, second] = normalTrack().sentences;

    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForTime(page, first.startMs / 1000 + 0.2);
    const state = await audioState(page);
    expect(state).toMatchObject({ paused: false, error: 0 });
    expect(await readingText(page)).toBe(squash(sentenceTexts()[indexOf(first)]));
    expect(
      await player.getByText(`Sentence ${indexOf(first) + 1} of ${sentenceTexts().length}`).isVisible(),
    ).toBe(true);

    await waitForTime(page, second.startMs / 1000 + 0.2);
    expect(await readingText(page)).toBe(squash(sentenceTexts()[indexOf(second)]));
    expect(await page.locator('.lesson-text .sentence.is-reading').count()).toBe(1);
  });

  it('tap-to-play starts a sentence at its timing', async () => {
    const page = await openLesson();
    const target = normalTrack().sentences[2];
    const n = indexOf(target) + 1;
    await page.getByRole('button', { name: `Play sentence ${n}`, exact: true }).click();
    await page.waitForFunction(
      () => !document.querySelector<HTMLAudioElement>('audio.learning-player-audio')?.paused,
    );
    const { t } = await audioState(page);
    expect(t).toBeGreaterThanOrEqual(target.startMs / 1000 - 0.05);
    expect(t).toBeLessThan(target.startMs / 1000 + 1);
    await waitForTime(page, target.startMs / 1000 + 0.3);
    expect(await readingText(page)).toBe(squash(sentenceTexts()[n - 1]));
  });

  it('speed keeps the pitch; loop plays the sentence again instead of going on', async () => {
    const page = await openLesson();
    const player = page.getByRole('region', { name: 'Listen' });
    await player.getByRole('combobox', { name: 'Speed' }).selectOption('1.5');
    await player.getByRole('button', { name: 'Loop sentence' }).click();
    expect(await player.getByRole('button', { name: 'Loop sentence' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const target = normalTrack().sentences[1];
    await page.evaluate(() => {
      const a = document.querySelector<HTMLAudioElement>('audio.learning-player-audio')!;
      const w = window as unknown as { times: number[] };
      w.times = [];
      a.addEventListener('timeupdate', () => w.times.push(a.currentTime));
    });
    await page.getByRole('button', { name: `Play sentence ${indexOf(target) + 1}`, exact: true }).click();
    // playback reaches the sentence's end, then goes back to its start (a drop in time), and never runs on far
    const start = target.startMs / 1000;
    const end = target.endMs / 1000;
    const looped = await page.waitForFunction(
      ([s, e]) => {
        const times = (window as unknown as { times: number[] }).times;
        const top = times.findIndex((t) => t >= e - 0.35);
        const back = top < 0 ? -1 : times.findIndex((t, i) => i > top && t < s + 0.6);
        return back < 0 ? null : { max: Math.max(...times), after: times[back] };
      },
      [start, end],
      { timeout: 20_000 },
    );
    const { max, after } = (await looped.jsonValue()) as { max: number; after: number };
    expect(max).toBeLessThan(end + 0.4);
    expect(after).toBeGreaterThanOrEqual(start - 0.05);
    const state = await audioState(page);
    expect(state).toMatchObject({ paused: false, rate: 1.5, pitch: true });
    expect(await readingText(page)).toBe(squash(sentenceTexts()[indexOf(target)]));
  });

  it('dictation plays the sentence and scores a typed sentence word by word', async () => {
    const page = await openLesson();
    const item = page.locator('.dictation-item').first();
    await item.scrollIntoViewIfNeeded();
    const prompt = await item.locator('.exercise-prompt').textContent();
    expect(prompt).toMatch(/Sentence \d+ of the text/);
    const n = Number(/Sentence (\d+) of the text/.exec(prompt ?? '')?.[1]);
    const expected = sentenceTexts()[n - 1];
    await item.getByRole('button', { name: 'Play dictation 1', exact: true }).click();

    // the sentence with its first Polish letter plain, and its last word left out
    const typed = expected
      .replace(
        /[ąćęłńóśźż]/,
        (c) => ({ ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' })[c] ?? c,
      )
      .replace(/\s*\S+$/, '');
    const score = scoreDictation(typed, expected);
    await item.getByRole('textbox', { name: 'What you hear' }).fill(typed);
    await item.getByRole('button', { name: 'Check' }).click();
    const status = squash(await item.getByRole('status').innerText());
    expect(status).toContain(`${score.correct} of ${score.words.length} words right`);
    const marks = await item.locator('.dictation-word').evaluateAll((els) => els.map((e) => e.className));
    expect(marks).toEqual(score.words.map((w) => `dictation-word is-${w.score}`));
    expect(marks.at(-1)).toBe('dictation-word is-missing');
  });

  it('on a phone the mini player stays on screen while the text scrolls; no serious accessibility violations', async () => {
    const page = await openLesson(MOBILE);
    const last = page.locator('.lesson-text .sentence').last();
    await last.scrollIntoViewIfNeeded();
    const box = await page.locator('.learning-player').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(MOBILE.height);
    expect(box!.height).toBeLessThan(140);
    const player = page.getByRole('region', { name: 'Listen' });
    expect(await player.getByRole('button', { name: 'Loop sentence' }).isVisible()).toBe(false);
    await player.getByRole('button', { name: 'More player controls' }).click();
    expect(await player.getByRole('button', { name: 'Loop sentence' }).isVisible()).toBe(true);

    // the player with its shortcuts list open, and the dictation, pass axe (serious and critical)
    await player.getByRole('button', { name: 'Keyboard shortcuts (?)' }).click();
    await page.locator('.dictation-item').first().scrollIntoViewIfNeeded();
    const violations = (await (await settledAxe(page)).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(violations).toEqual([]);
  });

  it("the home page's Story of the day plays its rendered file, not the browser's voice", async () => {
    const story = (await (await fetch(`${baseUrl()}/api/content/story-of-the-day`)).json()) as {
      media: TMedia;
    };
    expect(story.media.status).toBe('ready');
    const o = await openPage(browser);
    opened.push(o);
    const media: { url: string; status: number }[] = [];
    o.page.on('response', (r) => {
      if (r.url().includes('/api/content/media/story/')) media.push({ url: r.url(), status: r.status() });
    });
    await o.page.goto('/');
    await o.page.getByRole('button', { name: 'Play the story of the day' }).click();
    await o.page.getByRole('button', { name: 'Stop the story of the day' }).waitFor();
    // the file was asked for and answered (the element is not in the document: new Audio())
    for (let i = 0; i < 50 && !media.length; i++) await o.page.waitForTimeout(100);
    expect(media.length).toBeGreaterThan(0);
    expect(new URL(media[0].url).pathname).toBe(story.media.tracks[0].url);
    expect([200, 206]).toContain(media[0].status);
    expect(await o.page.locator('.hero-card-note').textContent()).toBe('');
  });
});
