// A video story plays as scenes (docs/content.md, "Video Stories: scenes and illustrations"): a premium user steps
// through the scenes by hand, and the scene image and subtitle follow a real audio element's time as it is sought.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loginViaApi, newAccount, registerViaApi, type TApiUser } from './support/accounts';
import { settledAxe } from './support/a11y';
import { launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { grantPremium } from './support/premium';

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'polski-web-e2e-screenshots');
const STORY = '/yt-stories/kopalnia-soli';
const LESSON_API = '**/api/content/lessons/yt-stories/kopalnia-soli';
const AUDIO_PATH = '/e2e-media/kopalnia-soli.wav';

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

async function premiumPage(viewport?: { width: number; height: number }): Promise<TOpenedPage> {
  const account = newAccount('video-story');
  await registerViaApi(account);
  await grantPremium(account.email);
  // signed in after the grant, so the page starts as a premium viewer (a role refresh on the page would change the
  // lesson's query key and draw the lesson again, with a new audio element)
  const login = await loginViaApi(account.email, account.password);
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const user = login.body as TApiUser;
  expect(user.roles).toContain('PremiumMember');
  const o = await openPage(browser, { user, ...(viewport ? { viewport } : {}) });
  opened.push(o);
  return o;
}

const subtitle = (page: Page) => page.getByTestId('scene-subtitles').locator('[lang="pl"]');
const sceneImage = (page: Page) => page.getByTestId('scene-stage').locator('img.scene-image');

/** A real WAV file: `seconds` of a quiet 220 Hz tone, 16-bit mono at 8 kHz. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1)
    out.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 220 * i) / rate)), 44 + i * 2);
  return out;
}

describe('a video story in a browser', () => {
  it('steps through the scenes by hand: the illustration, its alt text and the subtitle change', async () => {
    const { page, errors } = await premiumPage(MOBILE);
    await page.goto(STORY);
    await page.getByRole('heading', { level: 2, name: 'Watch the story' }).waitFor();
    expect(await subtitle(page).textContent()).toBe(
      'Scena pierwsza: przed kopalnią w Wieliczce, niedaleko Krakowa.',
    );
    await sceneImage(page).and(page.locator('[data-scene="1"]')).waitFor();
    expect(await sceneImage(page).getAttribute('alt')).toMatch(/^Grandpa Edward and his granddaughter Ida/);
    // the picture is drawn (an SVG the CSP lets in as a data: URL), not a broken image
    expect(
      await sceneImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);

    await page.getByRole('button', { name: 'Next scene' }).click();
    expect(await subtitle(page).textContent()).toBe('Scena druga: schody w dół.');
    await sceneImage(page).and(page.locator('[data-scene="2"]')).waitFor();
    expect(await sceneImage(page).getAttribute('alt')).toMatch(/winding wooden staircase/);

    await page.getByRole('button', { name: 'Next sentence' }).click();
    expect(await subtitle(page).textContent()).toBe(
      'Przewodnik otwiera drewniane drzwi i grupa zaczyna schodzić.',
    );

    // the arrow keys on the focused player
    await page.getByTestId('scene-stage').focus();
    await page.keyboard.press('ArrowRight');
    expect(await subtitle(page).textContent()).toBe('Scena trzecia: kaplica świętej Kingi.');
    await sceneImage(page).and(page.locator('[data-scene="3"]')).waitFor();
    await page.keyboard.press('ArrowLeft');
    expect(await subtitle(page).textContent()).toBe('Scena druga: schody w dół.');

    // English on demand; full screen and back
    await page.getByRole('button', { name: 'English subtitles' }).click();
    await page.getByTestId('scene-subtitles').getByText('Scene two: the stairs down.').waitFor();
    const fullscreen = page.getByRole('button', { name: 'Full screen' });
    await fullscreen.click();
    await page.locator('[data-testid="scene-stage"].is-fullscreen').waitFor();
    expect(await fullscreen.getAttribute('aria-pressed')).toBe('true');
    const box = await page.getByTestId('scene-stage').boundingBox();
    expect(box?.width).toBe(MOBILE.width);
    expect(box?.height).toBe(MOBILE.height);
    await page.screenshot({ path: join(SCREENSHOTS, 'video-story-fullscreen-mobile.png') });
    await fullscreen.click();
    await page.locator('[data-testid="scene-stage"]:not(.is-fullscreen)').waitFor();
    expect(await fullscreen.getAttribute('aria-pressed')).toBe('false');

    // a phone on its side, full screen: picture, subtitle and controls all on the screen
    await page.setViewportSize({ width: MOBILE.height, height: MOBILE.width });
    await fullscreen.click();
    await page.locator('[data-testid="scene-stage"].is-fullscreen').waitFor();
    const picture = await page.locator('.scene-picture').boundingBox();
    const next = await page.getByRole('button', { name: 'Next scene' }).boundingBox();
    expect(picture?.height).toBeGreaterThan(MOBILE.width / 2);
    expect((next?.y ?? Infinity) + (next?.height ?? 0)).toBeLessThanOrEqual(MOBILE.width);
    const toggle = await fullscreen.boundingBox();
    expect((toggle?.x ?? Infinity) + (toggle?.width ?? 0)).toBeLessThanOrEqual(MOBILE.height);
    await page.screenshot({ path: join(SCREENSHOTS, 'video-story-fullscreen-landscape.png') });
    await fullscreen.click();
    await page.locator('[data-testid="scene-stage"]:not(.is-fullscreen)').waitFor();
    await page.setViewportSize(MOBILE);
    await page.getByTestId('scene-stage').screenshot({ path: join(SCREENSHOTS, 'video-story-mobile.png') });

    // accessibility of the scene player (the rest of the lesson page is lessons.spec.ts's)
    const axe = await (await settledAxe(page)).analyze();
    const serious: string[] = [];
    for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      for (const n of v.nodes) {
        const selector = n.target.join(' ');
        const inPlayer = await page
          .locator(selector)
          .first()
          .evaluate((el) => Boolean(el.closest('.scene-story')));
        if (inPlayer) serious.push(`${v.id}: ${selector}`);
      }
    }
    expect(serious).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000); // axe over the whole lesson page takes long on a busy machine

  it('the scene and subtitle follow the time of the lesson’s audio as it is sought', async () => {
    const { page, errors } = await premiumPage();
    // the story's track: a real audio file and sentence timings in the lesson's `media` block (the contract's
    // shape), set on the real answer of the API
    // served with HTTP Range, as the media route does: a browser seeks only in a file it may ask for in ranges
    const file = wav(12);
    await page.route(`**${AUDIO_PATH}`, (route) => {
      const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers()['range'] ?? '');
      const headers = { 'Accept-Ranges': 'bytes', 'Content-Type': 'audio/wav' };
      if (!range) return route.fulfill({ status: 200, headers, body: file });
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), file.length - 1) : file.length - 1;
      return route.fulfill({
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${file.length}` },
        body: file.subarray(start, end + 1),
      });
    });
    // the answer is made once and given again to any later request of the page (a viewer change refetches it)
    let patched: unknown = null;
    await page.route(LESSON_API, async (route) => {
      if (!patched) {
        const response = await route.fetch();
        const lesson = (await response.json()) as { paragraphs: { sentences: unknown[] }[] };
        const sentences: { p: number; s: number; startMs: number; endMs: number }[] = [];
        let t = 0;
        lesson.paragraphs.forEach((para, p) =>
          para.sentences.forEach((_, s) => {
            sentences.push({ p, s, startMs: t, endMs: t + 300 });
            t += 400;
          }),
        );
        patched = {
          ...lesson,
          media: {
            status: 'ready',
            source: 'synthetic',
            voiceLabel: 'Synthetic voice (eSpeak NG)',
            tracks: [{ speed: 'normal', url: AUDIO_PATH, durationMs: 12000, bytes: file.length, sentences }],
          },
        };
      }
      await route.fulfill({ status: 200, json: patched });
    });
    await page.goto(STORY, { waitUntil: 'networkidle' });
    // the story follows the lesson page's learning player (its one <audio>), not an audio of its own
    const audio = page.locator('audio.learning-player-audio');
    await audio.waitFor({ state: 'attached' });
    expect(await page.getByLabel('Story narration').count()).toBe(0);
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    expect(await subtitle(page).textContent()).toBe(
      'Scena pierwsza: przed kopalnią w Wieliczce, niedaleko Krakowa.',
    );

    // the kopalnia-soli text: scene two starts at its 7th sentence (index 6, 2.4 s), scene three at index 13 (5.2 s)
    const seek = (s: number) => audio.evaluate((el: HTMLAudioElement, to) => (el.currentTime = to), s);
    await seek(2.5);
    await page.getByTestId('scene-subtitles').getByText('Scena druga: schody w dół.').waitFor();
    await sceneImage(page).and(page.locator('[data-scene="2"]')).waitFor();
    expect(await page.getByTestId('scene-position').textContent()).toContain('Scene 2 of 5');
    await seek(2.95);
    await page.getByTestId('scene-subtitles').getByText('Przewodnik otwiera drewniane drzwi').waitFor();
    await seek(5.3);
    await page.getByTestId('scene-subtitles').getByText('Scena trzecia: kaplica świętej Kingi.').waitFor();
    await sceneImage(page).and(page.locator('[data-scene="3"]')).waitFor();

    // moving a scene by hand seeks the audio
    await page.getByRole('button', { name: 'Next scene' }).click();
    await page.getByTestId('scene-subtitles').getByText('Scena czwarta: podziemne jezioro.').waitFor();
    const time = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    expect(time).toBeCloseTo(7.6, 1);
    expect(errors).toEqual([]);
  });
});
