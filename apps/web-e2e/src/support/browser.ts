import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { baseUrl } from './server-info';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

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
