import type { Page } from 'playwright-core';
import {
  loginViaApi,
  newAccount,
  registerViaApi,
  settingsViaApi,
  waitForMail,
  waitForMailLink,
} from './support/accounts';
import { useBrowser, WALKTHROUGH_SIZES } from './support/browser';
import { seriousA11yViolations } from './support/a11y';

/**
 * Issue 18 item 8 in a browser, against the real API: change password (the other sessions end, this one goes on)
 * and change email (a link to the new address, a notice to the old one), at desktop and phone sizes.
 */
const { open } = useBrowser();

// a toast fading in or out is half transparent: its contrast is measured mid-animation
const a11yViolations = (page: Page) => seriousA11yViolations(page, { exclude: '[data-sonner-toaster]' });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor({ timeout: 10_000 });

/** The session id a token names (its `sid` claim). */
const sessionOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sid: string }).sid;

const storedToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('user') ?? 'null') as { token: string } | null)?.token,
  );

/** Nothing of the page is wider than the viewport (no sideways scrolling on a phone). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe.each(WALKTHROUGH_SIZES)('account changes on the settings page (%s)', (size, viewport) => {
  it('changes the password with the current one: this browser stays signed in, the other session ends', async () => {
    const account = newAccount(`pw${size}`);
    const user = await registerViaApi(account);
    const elsewhere = await loginViaApi(account.username, account.password);
    const otherToken = (elsewhere.body as { token: string }).token;
    const o = await open({ viewport, user });
    const { page } = o;
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Password and email' }).waitFor();
    const form = page.getByRole('form', { name: 'Change password' });
    const submit = form.getByRole('button', { name: 'Change Password' });

    // the spec's validation style: each field's message once it was touched, the button disabled while invalid
    await form.getByLabel('New Password').fill('abc');
    await form.getByLabel('New Password').blur();
    await form.getByText('Password must be at least 6 characters long').waitFor();
    await form.getByLabel('New Password').fill('Nowe-haslo-42');
    await form.getByLabel('Confirm Password').fill('Nowe-haslo-41');
    await form.getByLabel('Confirm Password').blur();
    await form.getByText('Passwords do not match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Confirm Password').fill('Nowe-haslo-42');

    // a wrong current password: the server's reason under the form, nothing changes
    await form.getByLabel('Current Password').fill('not-my-password');
    await submit.click();
    await form.getByText('The current password is not correct. Nothing has been changed.').waitFor();
    expect((await settingsViaApi(otherToken)).status).toBe(200);

    await form.getByLabel('Current Password').fill(account.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Your password has been changed. Your other devices have been signed out.');
    // this browser holds a fresh token that works; the other session's token is refused
    const fresh = await storedToken(page);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(user.token);
    expect((await settingsViaApi(fresh!)).status).toBe(200);
    expect((await settingsViaApi(otherToken)).status).toBe(401);
    expect((await settingsViaApi(user.token)).status).toBe(401);
    expect((await loginViaApi(account.username, account.password)).status).toBe(401);
    expect((await loginViaApi(account.username, 'Nowe-haslo-42')).status).toBe(200);
    await waitForMail(account.email, 'Your password was changed');
    // the fields are empty again
    expect(
      await page.getByRole('form', { name: 'Change password' }).getByLabel('Current Password').inputValue(),
    ).toBe('');

    // still signed in here (the page's init script would put the first token back on a reload, so none is made):
    // the page shows the account and the stored user is the fresh one
    await page.getByText(account.username, { exact: true }).waitFor();
    // the fresh token or a refresh of it (the start-up refresh may replace it meanwhile): the same session, working
    const now = await storedToken(page);
    expect(sessionOf(now!)).toBe(sessionOf(fresh!));
    expect((await settingsViaApi(now!)).status).toBe(200);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await a11yViolations(page)).toEqual([]);
    expect(o.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });

  it('changes the email address through the link sent to the new one, and tells the old one', async () => {
    const account = newAccount(`em${size}`);
    const user = await registerViaApi(account);
    const newEmail = `new-${account.email}`;
    const o = await open({ viewport, user });
    const { page } = o;
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Change email address' });
    await form.waitFor();

    await form.getByLabel('New Email Address').fill('not-an-address');
    await form.getByLabel('New Email Address').blur();
    await form.getByText('Please enter a valid Email Address').waitFor();
    await form.getByLabel('New Email Address').fill(newEmail);
    await form.getByLabel('Current Password').fill(account.password);
    await form.getByRole('button', { name: 'Send Confirmation Link' }).click();
    await form.getByRole('status').getByText(`Check ${newEmail}`).waitFor();
    // nothing changes before the link is opened
    expect((await settingsViaApi(user.token)).body.emailAddress).toBe(account.email);

    const link = await waitForMailLink(newEmail, '/confirm-email-change');
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByText('Your email address has been changed.').waitFor();
    expect((await settingsViaApi(user.token)).body).toMatchObject({
      emailAddress: newEmail,
      emailConfirmed: true,
    });
    const notice = await waitForMail(account.email, 'Your email address was changed');
    expect(notice.text).toContain(newEmail);
    expect(await a11yViolations(page)).toEqual([]);

    // the settings page shows the new address; the link does not work twice
    await page.getByRole('link', { name: 'Go to Settings' }).click();
    await page.getByRole('heading', { name: 'Password and email' }).waitFor();
    await page.getByText(newEmail, { exact: true }).first().waitFor();
    await page.goto(`${url.pathname}${url.search}`);
    await page
      .getByRole('alert')
      .getByText('This link is invalid, has expired or was already used.')
      .waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    // the new address signs in
    expect((await loginViaApi(newEmail, account.password)).status).toBe(200);
  });
});
