import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { newAccount, registerViaApi, settingsViaApi, type TDevMail } from './support/accounts';
import { launchBrowser, openPage, type TOpenedPage } from './support/browser';
import { baseUrl } from './support/server-info';
import { seriousA11yViolations } from './support/a11y';

/** Issue 17 item 6-7 in a browser: review reminders opt-in, "Download my data", "Delete my account". */

let browser: Browser;
const opened: TOpenedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.context.close()));
});

async function api<T>(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

// a toast easing out while axe runs is half transparent (its fade is a transition that restarts when it leaves):
// the toasts are left out of these checks
const NO_TOASTS = { exclude: '[data-sonner-toaster]' };

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor({ timeout: 10_000 });

describe('your data in a browser, against the real API', () => {
  it('turns reminders on, downloads the data, then deletes the account with the password and is signed out', async () => {
    const account = newAccount('data');
    const user = await registerViaApi(account);
    const saved = await api('POST', '/api/learning/words', user.token, {
      hub: 'complete-beginner',
      slug: 'complete-beginner-1',
      p: 0,
      s: 1,
      t: 1,
    });
    expect(saved.status).toBe(201);
    const o = await openPage(browser, { user });
    opened.push(o);
    const { page } = o;
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();

    // review reminders: off, then on (kept on the server)
    const reminders = page.getByRole('checkbox', { name: 'Email me when my reviews are due' });
    expect(await reminders.isChecked()).toBe(false);
    await reminders.check();
    await toast(page, 'Review reminders are on');
    expect(
      (await api<{ reviewReminders: boolean }>('GET', '/api/learning/settings', user.token)).body
        .reviewReminders,
    ).toBe(true);
    expect(await seriousA11yViolations(page, NO_TOASTS)).toEqual([]);

    // download: a JSON file with the account and the saved word, no password
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('polski-stories-data.json');
    const text = readFileSync((await download.path())!, 'utf8');
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ username: account.username, email: account.email });
    expect(data.learning.savedWords.map((w: { lemma: string }) => w.lemma)).toEqual(['studentka']);
    expect(data.learning.settings.reviewReminders).toBe(true);
    expect(text).not.toContain(account.password);
    await toast(page, 'Your data has been downloaded');

    // delete: the dialog explains, a wrong password changes nothing, the right one deletes and signs out
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByText(/Kept:/).waitFor();
    expect(await seriousA11yViolations(page, NO_TOASTS)).toEqual([]);
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('The password is not correct. Your account has not been deleted.').waitFor();
    expect((await settingsViaApi(user.token)).status).toBe(200);

    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, 'Your account has been deleted. You have been signed out.');
    await page.getByText('Please log in to see and change your account settings.').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
    const after = await settingsViaApi(user.token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'user_not_found' });

    // the confirmation is the only email left for the address
    const mail = (await (await fetch(`${baseUrl()}/api/dev/mail`)).json()) as TDevMail[];
    expect(mail.filter((m) => m.to === account.email).map((m) => m.subject)).toEqual([
      'Your account has been deleted',
    ]);
  }, 180_000);
});
