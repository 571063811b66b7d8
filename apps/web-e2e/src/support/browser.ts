import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { baseUrl } from './server-info';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;
/** The desktop size of issue 18's walkthrough (its phone size is MOBILE). */
export const WIDE_DESKTOP = { width: 1366, height: 900 } as const;
/** Issue 18's two sizes, named, for `describe.each` / `it.each`. */
export const WALKTHROUGH_SIZES = [
  ['desktop', WIDE_DESKTOP],
  ['phone', MOBILE],
] as const;

/**
 * Chromium from the machine (CHROMIUM_PATH or /usr/bin/chromium); playwright downloads nothing. `args`: more
 * switches (lesson-audio.spec.ts relaxes the autoplay policy so media play headless).
 */
export function launchBrowser({ args = [] }: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}

export interface TOpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/**
 * A fresh context (empty storage) at the given viewport; `user` is put in local storage before any script runs.
 * `baseURL`: another API server than the shared one (see api-server.ts).
 */
export async function openPage(
  browser: Browser,
  {
    viewport = DESKTOP,
    user,
    baseURL = baseUrl(),
  }: { viewport?: { width: number; height: number }; user?: unknown; baseURL?: string } = {},
): Promise<TOpenedPage> {
  const context = await browser.newContext({ viewport, baseURL });
  if (user !== undefined) {
    await context.addInitScript((value) => window.localStorage.setItem('user', value), JSON.stringify(user));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

export type TOpenOptions = Parameters<typeof openPage>[1];

/**
 * The preamble of a spec that drives one browser: launches it before the file's tests (`launch`: the switches of
 * launchBrowser), closes it after them, and closes after each test the contexts that test opened with `open`.
 * `browser()` is the running browser (for a spec that opens contexts of its own).
 */
export function useBrowser(launch?: Parameters<typeof launchBrowser>[0]): {
  browser: () => Browser;
  open: (options?: TOpenOptions) => Promise<TOpenedPage>;
} {
  let browser: Browser | undefined;
  const opened: TOpenedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(launch);
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.context.close()));
  });
  const running = () => {
    if (!browser) throw new Error('the browser is not running (useBrowser starts it in beforeAll)');
    return browser;
  };
  return {
    browser: running,
    open: async (options) => {
      const o = await openPage(running(), options);
      opened.push(o);
      return o;
    },
  };
}

/**
 * The toast library's file is here (fetched, not run, when the browser is idle after start: lib/preload-toaster.ts),
 * so a toast can be shown now, also offline.
 */
export async function toasterReady(page: Page) {
  await page.waitForFunction(
    () => {
      const href = document
        .querySelector('link[rel="modulepreload"][href*="/toaster-"]')
        ?.getAttribute('href');
      return !!href && performance.getEntriesByType('resource').some((e) => e.name.endsWith(href));
    },
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Scrolls down the page as a reader does, half a screen at a time, then back to the top: the parts drawn only when
 * the reader comes near them (a lesson's vocabulary, questions and exercises, home's teaching sections) are then
 * there.
 */
export async function readThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
}
