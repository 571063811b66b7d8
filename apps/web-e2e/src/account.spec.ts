import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  loginViaApi,
  newAccount,
  registerViaApi,
  settingsViaApi,
  waitForMailLink,
  type TTestAccount,
} from './support/accounts';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TOpenedPage } from './support/browser';
import { baseUrl } from './support/server-info';
import { seriousA11yViolations } from './support/a11y';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';
/** The interface catalogues (every native language has one: docs/i18n.md, "The 29 catalogues"). */
const catalogue = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(__dirname, '../../web/src/locales', `${lang}.json`), 'utf8'));
const NB = catalogue('nb');
const DE = catalogue('de');
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

const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

async function expectToast(page: Page, text: string) {
  await toasts(page, text).first().waitFor({ timeout: 10_000 });
}

const storedUser = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem('user');
    return raw
      ? (JSON.parse(raw) as { username: string; emailConfirmed: boolean; lang: string; token: string })
      : null;
  });

async function openLoginDialog(page: Page) {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or register' });
  await dialog.waitFor();
  return dialog;
}

async function logInThroughDialog(page: Page, usernameOrEmail: string, password: string) {
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('Username or Email').fill(usernameOrEmail);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  return dialog;
}

async function logOut(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await storedUser(page)).toBeNull();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('accounts in a browser, against the real API', () => {
  it('registers from the login modal, confirms the email through the emailed link, and settings show it', async () => {
    const account = newAccount('reg');
    const { page } = await open();
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Create an Account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign up' });
    await signUp.waitFor();
    await signUp.getByLabel('Username').fill(account.username);
    await signUp.getByLabel('Email Address').fill(account.email);
    await signUp.getByLabel('Password', { exact: true }).fill(account.password);
    await signUp.getByLabel('Confirm Password').fill(account.password);
    // a native language other than the default: once registered, the interface speaks it
    await signUp.getByLabel('Choose Your Native Language:').selectOption('nb');
    await signUp.getByRole('button', { name: 'Sign up' }).click();

    await expectToast(page, 'You have successfully registered');
    await signUp.waitFor({ state: 'detached' }); // closes after 1.5 s
    await page
      .getByRole('navigation', { name: NB['shell.nav.label'] })
      .getByRole('link', { name: NB['shell.nav.settings'] })
      .waitFor();
    expect(await storedUser(page)).toMatchObject({
      username: account.username,
      lang: 'nb',
      emailConfirmed: false,
    });
    await expectToast(page, NB['auth.register.linkSent']); // 5 s later
    // back to English with the header's menu (for a signed-in learner it changes the native language too), so the
    // rest checks the spec's English texts
    await page.getByRole('banner').getByLabel(NB['language.label']).selectOption('en');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.waitForFunction(() => JSON.parse(window.localStorage.getItem('user') ?? '{}').lang === 'en');

    // the confirmation email (development outbox) links to this server
    const link = await waitForMailLink(account.email, '/confirmemail');
    expect(link.startsWith(`${baseUrl()}/confirmemail?`)).toBe(true);
    const url = new URL(link);
    expect(url.searchParams.get('token')).toBeTruthy();
    expect(url.searchParams.get('userid')).toBeTruthy();

    const confirmPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/account/confirmemail')
        confirmPosts.push(r.url());
    });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Email Confirmed Successfully!' }).waitFor();
    await page
      .getByText('Your email address has been verified. You can now access all features of your account.')
      .waitFor();
    expect(await page.getByRole('link', { name: 'Start Learning Polish' }).getAttribute('href')).toBe(
      '/learn-polish',
    );
    await expectToast(page, 'Email Confirmed');
    await page.waitForFunction(
      () => JSON.parse(window.localStorage.getItem('user') ?? '{}').emailConfirmed === true,
    );
    expect(confirmPosts).toHaveLength(1);
    await shot(page, 'confirm-email');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Your email has been confirmed').waitFor();
    expect(await page.getByRole('button', { name: 'Send Email Confirmation Link' }).count()).toBe(0);
    expect(await page.getByText(account.username, { exact: true }).count()).toBe(1);
    expect(await page.getByText(account.email, { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('plan').textContent()).toBe('Basic');
    expect(await page.getByRole('link', { name: 'Upgrade to Premium?' }).getAttribute('href')).toBe(
      '/premium-member',
    );
    expect(await page.getByText('Premium Access Until').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Billing and Subscription' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Choose Your Native Language:').inputValue()).toBe('en');
    await shot(page, 'settings');
    await page.setViewportSize(MOBILE);
    await shot(page, 'settings-mobile');
    await page.setViewportSize(DESKTOP);

    // the link is single use: opening it again still shows the page (docs/product.md, "Confirm-email page"), but
    // the server refuses it
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Email Confirmed Successfully!' }).waitFor();
    await expectToast(page, 'The link is invalid or has expired');
  });

  it('logs out, logs in with the email and with the username; a wrong password shows one failure toast', async () => {
    const account = newAccount('login');
    await registerViaApi(account);
    const { page } = await open();
    await page.goto('/');

    let dialog = await logInThroughDialog(page, `  ${account.email}  `, account.password);
    await expectToast(page, 'You have successfully logged in');
    await dialog.waitFor({ state: 'detached' });
    expect(await storedUser(page)).toMatchObject({ username: account.username });
    await logOut(page);

    dialog = await logInThroughDialog(page, account.username, account.password);
    await dialog.waitFor({ state: 'detached' });
    expect(await storedUser(page)).toMatchObject({ username: account.username });
    await logOut(page);

    dialog = await logInThroughDialog(page, account.username, `${account.password}-wrong`);
    await expectToast(page, LOGIN_FAILED);
    await dialog.getByText('Invalid username/email or password').waitFor();
    await page.waitForTimeout(750); // a second toast would have arrived by now
    expect(await page.getByText(LOGIN_FAILED).count()).toBe(1);
    expect(await toasts(page, 'Unauthorised').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect(await storedUser(page)).toBeNull();
  });

  it('resets a forgotten password through the emailed link: the new password works, the old one and old sessions do not', async () => {
    const account: TTestAccount = newAccount('reset');
    const registered = await registerViaApi(account);
    // another browser where this user is signed in: the reset ends that session
    const elsewhere = await open({ user: registered });

    const { page } = await open();
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByText('Please enter the email you provided during registration').waitFor();
    await page.getByText("We'll send you instructions to reset your password").waitFor();
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    const email = page.getByLabel('Email Address');
    expect(await email.getAttribute('type')).toBe('email');
    await email.fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Reset link has been sent');
    await shot(page, 'forgot-password');

    const link = await waitForMailLink(account.email, '/reset-password');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    const newPassword = `${account.password}-new`;
    const submit = page.getByRole('button', { name: 'Reset Password' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
    await page.getByLabel('Confirm Password').blur();
    await page.getByText('Passwords do not match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, 'reset-password');
    await page.getByLabel('Confirm Password').fill(newPassword);
    await submit.click();
    await expectToast(page, 'The Password has been reset');
    await page.waitForURL((u) => u.pathname === '/');

    // a used link is refused, and the form says so
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('another-Pass-1');
    await page.getByLabel('Confirm Password').fill('another-Pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Unable to reset password');
    await page
      .getByTestId('server-errors')
      .getByText(/invalid or has expired/)
      .waitFor();

    await page.goto('/');
    await logInThroughDialog(page, account.email, newPassword);
    await expectToast(page, 'You have successfully logged in');
    await logOut(page);
    await logInThroughDialog(page, account.email, account.password);
    await expectToast(page, LOGIN_FAILED);
    expect(await storedUser(page)).toBeNull();
    expect((await loginViaApi(account.username, account.password)).status).toBe(401);

    // the other browser: 3 s after start its refresh learns the session has ended and logs out
    await elsewhere.page.goto('/');
    await expectToast(elsewhere.page, 'Please log in to your account');
    await elsewhere.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await storedUser(elsewhere.page)).toBeNull();
  });

  it('changes the native language in settings, kept after a reload', async () => {
    const account = newAccount('lang');
    const user = await registerViaApi(account, 'en');
    const { page } = await open({ user });
    await page.goto('/settings');
    const select = page.getByLabel('Choose Your Native Language:');
    await page.getByRole('heading', { name: 'Native language' }).waitFor();
    expect(await select.inputValue()).toBe('en');
    expect(await select.locator('option').count()).toBe(29);
    await select.selectOption('de');
    await page.getByRole('button', { name: 'Change Language' }).click();
    // said in the language just chosen: the page has switched to it
    await expectToast(page, DE['settings.languageChanged']);
    await page.waitForFunction(() => JSON.parse(window.localStorage.getItem('user') ?? '{}').lang === 'de');

    await page.reload();
    await page.getByRole('heading', { name: 'Native language' }).waitFor();
    expect(await page.getByLabel('Choose Your Native Language:').inputValue()).toBe('de');
    const settings = await settingsViaApi(user.token);
    expect(settings.body).toMatchObject({ chosenNativeLanguage: 'de' });
  });

  it('settings asks a visitor to sign in; settings, confirm and reset pages have no serious accessibility violations', async () => {
    const account = newAccount('a11y');
    const user = await registerViaApi(account);
    const visitor = await open();
    await visitor.page.goto('/settings');
    await visitor.page.getByText('Please log in to see and change your account settings.').waitFor();
    await visitor.page.getByRole('button', { name: 'Log in or register' }).click();
    await visitor.page.getByRole('dialog', { name: 'Log in or register' }).waitFor();

    const { page } = await open({ user });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Send Email Confirmation Link' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send Email Confirmation Link' }).click();
    await expectToast(page, 'Email confirmation link has been sent');
    await waitForMailLink(account.email, '/confirmemail');

    await page.goto('/reset-password?token=x&userid=y');
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
