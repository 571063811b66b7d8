import type { Browser } from 'playwright-core';
import { newAccount, registerViaApi } from './support/accounts';
import { launchBrowser, openPage, readThrough, type TOpenedPage } from './support/browser';
import { baseUrl } from './support/server-info';

// docs/i18n.md, "Translated areas": a learner whose native language is German learns in a German interface: the
// lesson's controls, the word popover and the questions' feedback (the Polish text stays Polish)
const FREE = '/complete-beginner/complete-beginner-1';

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

describe('a lesson in the learner’s language', () => {
  it('a German learner: the lesson’s controls, the word popover and the feedback of a question in German', async () => {
    const res = await fetch(`${baseUrl()}/api/content/lessons/complete-beginner/complete-beginner-1`);
    const lesson = (await res.json()) as { questions: { options: string[]; answer: number }[] };
    const user = await registerViaApi(newAccount('i18n-lesson'), 'de');
    const o = await openPage(browser, { user });
    opened.push(o);
    const { page, errors } = o;
    await page.goto(FREE);

    // the controls, at the first paint of the page
    await page.getByRole('button', { name: 'Übersetzungen anzeigen' }).waitFor();
    await page.getByRole('heading', { name: 'Wortschatz' }).waitFor();
    await page.getByRole('heading', { name: 'Fragen' }).waitFor();
    await page.getByRole('button', { name: 'Als abgeschlossen markieren' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    // the word popover: German labels around the Polish word
    await page.locator('.lesson-text button.word').first().click();
    const popover = page.getByRole('dialog');
    await popover.getByRole('button', { name: 'Satzübersetzung anzeigen' }).waitFor();
    await popover.getByRole('button', { name: 'Schließen' }).waitFor();
    await popover.getByRole('button', { name: /Wort speichern/ }).waitFor();
    await page.keyboard.press('Escape');

    // a question answered wrongly, then the feedback and the score in German (the questions are drawn when the
    // reader comes near them)
    await readThrough(page);
    const q0 = lesson.questions[0];
    const wrong = q0.options.find((_o, i) => i !== q0.answer)!;
    const question = page.locator('.question').first();
    await question.getByRole('button', { name: wrong, exact: true }).click();
    await question.getByText(`Falsch. Die richtige Antwort ist: ${q0.options[q0.answer]}`).waitFor();
    await page.getByText('Punkte: 0 / ').waitFor();
    expect(errors).toEqual([]);
  });

  it('a visitor who picks German in the menu reads the lesson in German, also after a reload', async () => {
    // an English browser: the page arrives with the lesson in English
    const o = await openPage(browser);
    opened.push(o);
    const { page, errors } = o;
    await page.goto(FREE);
    const titleEn = page.locator('.lesson-title-en');
    await expect(titleEn.textContent()).resolves.toBe("Hi, I'm Ania");
    await page.getByRole('banner').getByLabel('Language').selectOption('de');
    // the lesson itself, not only the interface: asked again in German
    await page.locator('.lesson-title-en', { hasText: 'Hallo, ich bin Ania' }).waitFor();
    await page.getByRole('button', { name: 'Übersetzungen anzeigen' }).waitFor();
    // the page is made for the browser's English again; its English lesson is left for the API's German one
    await page.reload();
    await page.locator('.lesson-title-en', { hasText: 'Hallo, ich bin Ania' }).waitFor();
    expect(await titleEn.textContent()).toBe('Hallo, ich bin Ania');
    expect(errors).toEqual([]);
  });
});
