import { randomBytes } from 'node:crypto';
import { baseUrl } from './server-info';

/** One message of the development outbox (GET /api/dev/mail, newest first). */
export interface TDevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
  sentAt: string | null;
}

export interface TTestAccount {
  username: string;
  email: string;
  password: string;
}

export interface TApiUser {
  token: string;
  username: string;
  email: string;
  lang: string;
  emailConfirmed: boolean;
  roles: string[];
  cus: string | null;
  premiumLifetime: boolean;
}

/** A fresh, unique account (not yet registered); passwords are not on the server's common-password list. */
export function newAccount(prefix = 'e2e'): TTestAccount {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    username: `${prefix}-${id}`,
    email: `${prefix}-${id}@example.test`,
    password: `Kot-${randomBytes(4).toString('hex')}`,
  };
}

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Registers through the API (for tests whose subject is not registration itself). */
export async function registerViaApi(account: TTestAccount, lang = 'en'): Promise<TApiUser> {
  const res = await call<TApiUser>('POST', '/account/register', {
    username: account.username,
    email: account.email,
    lang,
    password: account.password,
    confirmPassword: account.password,
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export function loginViaApi(usernameOrEmail: string, password: string) {
  return call<TApiUser | { message: string }>('POST', '/account/login', { usernameOrEmail, password });
}

export function settingsViaApi(token: string) {
  return call<Record<string, unknown>>('GET', '/account/settings', undefined, token);
}

/**
 * Waits for the newest outbox message to `to` that carries a link to `pathname` (the e2e server runs without SMTP,
 * so every email stays in the development outbox) and returns that link.
 */
export async function waitForMailLink(to: string, pathname: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call<TDevMail[]>('GET', '/dev/mail');
    for (const mail of body ?? []) {
      if (mail.to.toLowerCase() !== to.toLowerCase()) continue;
      const link = mail.links.find((l) => new URL(l).pathname === pathname);
      if (link) return link;
    }
    if (Date.now() > deadline)
      throw new Error(`no email to ${to} with a ${pathname} link within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The development outbox's messages to `to`, newest first. */
export async function mailsTo(to: string): Promise<TDevMail[]> {
  const { body } = await call<TDevMail[]>('GET', '/dev/mail');
  return (body ?? []).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** Waits for the outbox message to `to` with exactly this subject. */
export async function waitForMail(to: string, subject: string, timeoutMs = 15_000): Promise<TDevMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(to)).find((m) => m.subject === subject);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
