import { Client } from 'pg';
import type { Page } from 'playwright-core';
import type { TApiUser, TTestAccount } from './accounts';
import { sharedDatabaseUrl, startApiServer } from './api-server';
import { readThrough } from './browser';
import { baseUrl } from './server-info';

export type TOffer = 'one-time' | 'subscription';

export interface TOfferServer {
  baseUrl: string;
  /** The PostgreSQL database the server uses. */
  databaseUrl: string;
  stop: () => Promise<void>;
}

/**
 * An API server running `offer`: the shared one when its PREMIUM_OFFER is that offer, otherwise one started for
 * the spec (stop it in afterAll).
 */
export async function serverWithOffer(offer: TOffer): Promise<TOfferServer> {
  const shared = baseUrl();
  const config = (await (await fetch(`${shared}/api/payments/config`)).json()) as {
    offer: TOffer;
    testMode: boolean;
  };
  if (!config.testMode) throw new Error('the e2e server does not run the Stripe emulator');
  if (config.offer === offer) {
    return { baseUrl: shared, databaseUrl: sharedDatabaseUrl(), stop: async () => undefined };
  }
  const server = await startApiServer({ PREMIUM_OFFER: offer });
  return { baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, stop: server.stop };
}

/** One call to the API of `base`, JSON in and out. */
export async function apiCall<T>(
  base: string,
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function registerOn(base: string, account: TTestAccount): Promise<TApiUser> {
  const res = await apiCall<TApiUser>(base, 'POST', '/account/register', {
    body: { ...account, lang: 'en', confirmPassword: account.password },
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function loginOn(base: string, account: TTestAccount): Promise<TApiUser> {
  const res = await apiCall<TApiUser>(base, 'POST', '/account/login', {
    body: { usernameOrEmail: account.email, password: account.password },
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What tools/make-admin.ts does, straight in the server's PostgreSQL database. */
export async function grantAdmin(databaseUrl: string, email: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query(
      `INSERT INTO user_roles (user_id, role_id)
       SELECT u.id, r.id FROM users u, roles r WHERE u.email_key = lower($1) AND r.name = 'Admin'
       ON CONFLICT DO NOTHING`,
      [email],
    );
    if (res.rowCount !== 1) throw new Error(`could not make ${email} an admin`);
  } finally {
    await client.end();
  }
}

/** Fills the register form (variant premium) and presses 'Proceed to Payment'. */
export async function registerInForm(page: Page, account: TTestAccount): Promise<void> {
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email Address').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByRole('button', { name: 'Proceed to Payment' }).click();
}

/** The stored user of the page (local storage `user`). */
export function storedUser(page: Page): Promise<TApiUser | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as TApiUser) : null;
  });
}

/** Every address the page's main frame showed, in order (a return address is rewritten by the app soon after). */
export function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

export const PREMIUM_LESSON = '/complete-beginner/complete-beginner-2';

interface TApiLesson {
  title: string;
  paragraphs: { sentences: { pl: string; en: string }[] }[];
  questions: unknown[];
}

/** Opens the premium lesson and checks it is there in full: no gate, no premium dialog, the last sentence, the questions. */
export async function expectPremiumLessonInFull(page: Page, base: string, token: string): Promise<void> {
  const res = await apiCall<TApiLesson>(
    base,
    'GET',
    '/content/lessons/complete-beginner/complete-beginner-2',
    { token },
  );
  expect(res.status).toBe(200);
  const full = res.body;
  await page.goto(PREMIUM_LESSON);
  await page.getByRole('heading', { level: 1, name: full.title }).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await page.getByTestId('premium-teaser').count()).toBe(0);
  const last = full.paragraphs[full.paragraphs.length - 1].sentences.at(-1);
  // the whole text is there, down to its last sentence (each of its words a button of one-tap reading)
  const lastSentence = page.locator('.lesson-text .sentence').last();
  expect(await lastSentence.isVisible()).toBe(true);
  expect((await lastSentence.locator('.sentence-words').textContent())?.trim()).toBe(last?.pl);
  // and its questions, drawn when the reader comes near them
  await readThrough(page);
  await page.locator('.question').first().waitFor();
  expect(await page.locator('.question').count()).toBe(full.questions.length);
}

/** From the settings page, 'Billing and Subscription' opens the emulator's billing portal. */
export async function openBillingPortal(page: Page): Promise<void> {
  await page.goto('/settings');
  const billing = page.getByRole('button', { name: 'Billing and Subscription' });
  await billing.waitFor();
  expect(await billing.isEnabled()).toBe(true);
  await billing.click();
  await page.waitForURL(/\/p\/session\/bps_/, { timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
}
