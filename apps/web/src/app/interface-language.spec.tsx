import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReviewItem } from '@polski/contracts';
import { applyLanguage } from '../lib/i18n/i18n';
import { session } from '../lib/session';
import { jsonResponse, makeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { makeLesson } from '../features/content/testing/lesson-fixture';
import { LessonView } from '../features/content/components/lesson-view';
import { ReviewSession } from '../features/words/components/review-session';
import ProgressHeader from '../features/progress/components/progress-header';
import { makeSummary } from '../features/progress/testing/fixtures';
import { HomePage } from '../features/home/components/home-page';
import german from '../locales/de.json';
import english from '../locales/en.json';

vi.mock('../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/**
 * The learning pages in the learner's language (docs/i18n.md): a German learner sees the lesson's controls, the
 * word popover, the questions' feedback, the review's grades with their intervals and the progress header in German
 * (the English texts are the other specs').
 */
const fetchMock = vi.fn<typeof fetch>();
const NOW = new Date('2026-11-26T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MIN = 60_000;

beforeAll(() => applyLanguage('de'));
afterAll(() => applyLanguage('en'));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  session.clear();
  fetchMock.mockReset();
});

describe('the interface in German', () => {
  it('the lesson: its controls, the word popover and the questions’ feedback', async () => {
    expect(document.documentElement.lang).toBe('de');
    const user = userEvent.setup();
    const lesson = makeLesson();
    renderWithProviders(<LessonView lesson={lesson} />);
    expect(screen.getByRole('heading', { name: 'Wortschatz' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fragen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Übersetzungen anzeigen' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Wortart' })).toBeInTheDocument();
    expect(screen.getByText(/^Melde dich an, um deinen Fortschritt zu speichern/)).toBeInTheDocument();

    // the word popover: German labels, the part of speech in German
    await user.click(screen.getByRole('button', { name: 'Mieszkam' }));
    const popover = await screen.findByRole('dialog');
    expect(popover).toHaveAttribute('lang', 'de');
    expect(within(popover).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Satzübersetzung anzeigen' })).toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Schließen' }));

    // a question answered: the feedback and the score in German
    const question = lesson.questions[0];
    const wrong = question.options.findIndex((_o, i) => i !== question.answer);
    const group = screen.getAllByRole('group')[0];
    await user.click(within(group).getByRole('button', { name: question.options[wrong] }));
    expect(
      screen.getByText(`Falsch. Die richtige Antwort ist: ${question.options[question.answer]}`),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Punkte: 0 \/ /)).toBeInTheDocument();
  });

  it('the review: the grades with each one’s interval, worded by Intl in German', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    session.set(makeUser());
    const item: TReviewItem = {
      cardId: '00000000-0000-4000-8000-000000000001',
      type: 'meaning',
      isNew: true,
      lemma: 'mieszkać',
      pos: 'verb',
      meaning: 'to live',
      form: 'Mieszkam',
      sentence: 'Mieszkam w Krakowie.',
      translation: 'I live in Kraków.',
      hub: 'complete-beginner',
      slug: 'complete-beginner-1',
      p: 0,
      s: 1,
      intervals: { again: at(MIN), hard: at(5 * MIN), good: at(10 * MIN), easy: at(3 * 24 * 60 * MIN) },
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/api/learning/reviews')
        ? jsonResponse(200, { items: [item], newLeft: 9, reviewsLeft: 99 })
        : jsonResponse(404, {}),
    );
    const user = userEvent.setup();
    renderWithProviders(<ReviewSession />);
    expect(await screen.findByText(/Was bedeutet/)).toHaveTextContent('Was bedeutet Mieszkam hier?');
    expect(screen.getByText(/^Jetzt fällig: 0 Wiederholungen und 1 neue Karte\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lösung anzeigen' }));
    expect(screen.getByText('Verb')).toBeInTheDocument();
    const grades = within(screen.getByRole('group', { name: 'Wie gut wusstest du es?' }));
    expect(
      grades.getByRole('button', { name: 'Nochmal, nächste Wiederholung in 1 Minute' }),
    ).toBeInTheDocument();
    expect(grades.getByRole('button', { name: 'Gut, nächste Wiederholung in 10 Minuten' })).toHaveTextContent(
      'Gut10 Min.',
    );
    expect(grades.getByRole('button', { name: 'Leicht, nächste Wiederholung in 3 Tagen' })).toHaveTextContent(
      'Leicht3 Tg.',
    );
  });

  it('the progress header: streak and goal in one German sentence', async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, makeSummary()));
    renderWithProviders(<ProgressHeader />);
    const link = await screen.findByRole('link', {
      name: 'Dein Fortschritt: Serie von 5 Tagen, heute verlängert. Serienschutz diese Woche verfügbar. Heutiges Ziel: 12/20 Aufgaben.',
    });
    expect(link).toHaveAttribute('href', '/progress');
    expect(within(link).getByText('Aufgaben')).toBeInTheDocument();
  });

  it('the home page: its hero, its figures and the story of the day (in the first download, the shell’s texts)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    renderWithProviders(<HomePage onJoin={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(german['shell.hero.title']);
    expect(german['shell.hero.title']).not.toBe(english['shell.hero.title']);
    expect(screen.getByText(german['shell.hero.eyebrow'])).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: german['shell.hero.join'].replace('{n}', '5000+') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: german['shell.hero.figures'] })).toHaveTextContent(
      german['shell.hero.letters'],
    );
    // the story's Polish stays; its translation and the play button are German
    expect(screen.getByText('Dzień dobry! Mam na imię Ola i mieszkam w Krakowie.')).toBeInTheDocument();
    expect(screen.getByText(german['shell.story.en'])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: german['shell.story.play'] })).toBeInTheDocument();
  });

  it('switching back to English shows the English texts again', async () => {
    await applyLanguage('en');
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, makeSummary()));
    renderWithProviders(<ProgressHeader />);
    await waitFor(() => expect(screen.getByText('items')).toBeInTheDocument());
    await applyLanguage('de');
  });
});
