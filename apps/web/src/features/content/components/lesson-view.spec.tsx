import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeLesson } from '../testing/lesson-fixture';
import { LessonView } from './lesson-view';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** A stand-in for the Web Speech API: records utterances; the test ends them. */
class FakeUtterance {
  lang = '';
  rate = 1;
  voice: SpeechSynthesisVoice | null = null;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}
const polishVoice = { lang: 'pl-PL', name: 'Polski', voiceURI: 'pl', default: false, localService: true };
let voices: unknown[] = [];
const synth = {
  speak: vi.fn<(u: FakeUtterance) => void>(),
  cancel: vi.fn(),
  pause: vi.fn(),
  resume: vi.fn(),
  getVoices: vi.fn(() => voices),
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
};
const spoken = () => synth.speak.mock.calls.map(([u]) => u);
const lastUtterance = () => spoken()[spoken().length - 1];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  voices = [{ lang: 'en-US', name: 'English', voiceURI: 'en' }, polishVoice];
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('LessonView: Listen with speech synthesis', () => {
  it('Play reads sentence by sentence in Polish, highlighting the current sentence', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(synth.speak).toHaveBeenCalledTimes(1);
    expect(lastUtterance()).toMatchObject({ text: 'Cześć! Jestem Ania.', lang: 'pl-PL', rate: 1, voice: polishVoice });
    expect(screen.getByRole('button', { name: 'Cześć' }).closest('.sentence')).toHaveClass('is-reading');
    expect(screen.getByText('Reading sentence 1 of 3')).toBeInTheDocument();

    act(() => lastUtterance().onend?.());
    expect(lastUtterance().text).toBe('Mieszkam w Krakowie.');
    expect(screen.getByRole('button', { name: 'Mieszkam' }).closest('.sentence')).toHaveClass('is-reading');
    expect(screen.getByRole('button', { name: 'Cześć' }).closest('.sentence')).not.toHaveClass('is-reading');

    // the last sentence ends: back to the start
    act(() => lastUtterance().onend?.());
    act(() => lastUtterance().onend?.());
    expect(synth.speak).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('Pause stops the voice and Resume goes on from the same sentence; Stop ends reading', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    act(() => lastUtterance().onend?.());
    const cancels = synth.cancel.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(synth.cancel.mock.calls.length).toBeGreaterThan(cancels);
    expect(screen.getByText('Paused at sentence 2 of 3')).toBeInTheDocument();
    // the cancelled utterance's late 'end' must not move on
    const paused = lastUtterance();
    act(() => paused.onend?.());
    expect(synth.speak).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(lastUtterance().text).toBe('Mieszkam w Krakowie.');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
    expect(document.querySelector('.is-reading')).toBeNull();
  });

  it('the speed control sets the rate (0.6x to 1.2x), also for the sentence being read', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    const speed = screen.getByLabelText('Speed');
    expect(Array.from((speed as HTMLSelectElement).options).map((o) => Number(o.value))).toEqual([
      0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2,
    ]);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.selectOptions(speed, '0.8');
    expect(lastUtterance()).toMatchObject({ text: 'Cześć! Jestem Ania.', rate: 0.8 });
    act(() => lastUtterance().onend?.());
    expect(lastUtterance()).toMatchObject({ text: 'Mieszkam w Krakowie.', rate: 0.8 });
  });

  it('the moon story starts slow, at 0.7x', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson({ hub: 'beginner-moon-story', slug: 'moon-1' })} />);
    expect(screen.getByLabelText('Speed')).toHaveValue('0.7');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(lastUtterance().rate).toBe(0.7);
  });

  it('says so when the browser has no Polish voice', () => {
    voices = [{ lang: 'en-US', name: 'English', voiceURI: 'en' }];
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    expect(screen.getByText(/No Polish voice is installed in this browser/)).toBeInTheDocument();
  });

  it('says so when the browser cannot speak at all', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    Reflect.deleteProperty(window, 'speechSynthesis');
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    expect(screen.getByText(/Your browser cannot read text aloud/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
  });
});

describe('LessonView: text, listening mode, video', () => {
  it('shows title (pl and en), level, reading time, vocabulary and a "Show translations" toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cześć, jestem Ania' })).toBeInTheDocument();
    expect(screen.getByText("Hi, I'm Ania")).toBeInTheDocument();
    expect(screen.getByText('Level A1')).toBeInTheDocument();
    expect(screen.getByText('2 min read')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('mieszkać');
    expect(document.title).toContain('Cześć, jestem Ania');
    const toggle = screen.getByRole('button', { name: 'Show translations' });
    await user.click(toggle);
    // in the text (an exercise may show the same translation as its hint)
    expect(within(screen.getByRole('region', { name: 'Text' })).getByText("I'm a student.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide translations' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /Next lesson/ })).toHaveAttribute(
      'href',
      '/complete-beginner/complete-beginner-2',
    );
  });

  it('listening mode hides the text until "Show text", with Listen first', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LessonView lesson={makeLesson({ hub: 'int-mini-stories', slug: 'fachowiec' })} listenMode />,
    );
    expect(screen.queryByRole('button', { name: 'Cześć' })).not.toBeInTheDocument();
    expect(screen.queryByText('Cześć! Jestem Ania.')).not.toBeInTheDocument();
    expect(document.querySelector('.listen-panel')).toHaveClass('is-prominent');
    expect(screen.getByRole('link', { name: 'Read the lesson with its text' })).toHaveAttribute(
      'href',
      '/intermediate/fachowiec',
    );
    const show = screen.getByRole('button', { name: 'Show text' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(screen.getByRole('button', { name: 'Cześć' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide text' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('listening-practice lessons hide the text too', () => {
    renderWithProviders(<LessonView lesson={makeLesson({ hub: 'listening-practice', listening: true })} />);
    expect(screen.getByRole('button', { name: 'Show text' })).toBeInTheDocument();
    expect(screen.queryByText('Cześć! Jestem Ania.')).not.toBeInTheDocument();
  });

  it('intermediate stories link to their listening variant', () => {
    renderWithProviders(<LessonView lesson={makeLesson({ hub: 'int-mini-stories', slug: 'fachowiec' })} />);
    expect(screen.getByRole('link', { name: 'Practise in listening mode' })).toHaveAttribute(
      'href',
      '/intermediate/fachowiec/listen',
    );
  });

  it('embeds the video (youtube-nocookie) only when the lesson has a video id', () => {
    const { unmount } = renderWithProviders(<LessonView lesson={makeLesson()} />);
    expect(document.querySelector('iframe')).toBeNull();
    unmount();
    renderWithProviders(<LessonView lesson={makeLesson({ videoId: 'abcdefghijk' })} />);
    expect(document.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abcdefghijk',
    );
  });

  it('a video story plays as scenes: the scene player, and its YouTube video only on request', async () => {
    renderWithProviders(
      <LessonView
        lesson={makeLesson({
          hub: 'yt-stories',
          slug: 'kopalnia-soli',
          videoId: 'abcdefghijk',
          paragraphs: [{ sentences: [{ pl: 'Scena pierwsza: przed kopalnią.', en: 'Scene one: outside the mine.' }] }],
        })}
      />,
    );
    // the player's own file: give its import time on a busy machine
    await screen.findByRole('heading', { level: 2, name: 'Watch the story' }, { timeout: 10_000 });
    expect(screen.getByTestId('scene-position')).toHaveTextContent('Scene 1 of 1');
    expect(screen.getByRole('button', { name: 'Play the video' })).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('LessonView: exercises', () => {
  it('shows an Exercises section after the questions, its exercises loaded with their own file', async () => {
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(-2)).toEqual(['Questions', 'Exercises']);
    // the exercises' own file: give its import time on a busy machine
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Fill in the missing word' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Put the words in order' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Choose the right form' })).toBeInTheDocument();
  });

  it('draws the exercises only when the learner comes near them, or presses a key', async () => {
    const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          observers.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    const first = renderWithProviders(<LessonView lesson={makeLesson()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Exercises' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    act(() => observers.at(-1)?.([{ isIntersecting: false }]));
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    act(() => observers.at(-1)?.([{ isIntersecting: true }]));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Fill in the missing word' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<LessonView lesson={makeLesson()} />);
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    await userEvent.setup().keyboard('{Tab}');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Fill in the missing word' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('has no Exercises section when the lesson has no exercises', () => {
    renderWithProviders(<LessonView lesson={makeLesson({ exercises: undefined })} />);
    expect(screen.queryByRole('heading', { level: 2, name: 'Exercises' })).not.toBeInTheDocument();
  });
});

describe('LessonView: progress', () => {
  it('a visitor is invited to sign in, and "Sign in" opens the dialog; no completion button', async () => {
    const onSignIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} onSignIn={onSignIn} />);
    const progress = screen.getByRole('region', { name: 'Your progress' });
    expect(progress).toHaveTextContent('Sign in to save your progress: completed lessons get a ✓ in the lists.');
    await user.click(within(progress).getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).not.toBeInTheDocument();
  });

  it('"Mark as completed" posts the lesson for a signed-in user', async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, { completed: true }));
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    await user.click(screen.getByRole('button', { name: 'Mark as completed' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/content/progress');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ hub: 'complete-beginner', slug: 'complete-beginner-1' });
  });

  it('answering every question right marks the lesson completed', async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, { completed: true }));
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson()} />);
    // the last "Ania" button: the text's word comes first
    await user.click(screen.getAllByRole('button', { name: 'Ania' }).at(-1) as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'W Krakowie' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Studentką' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/content/progress');
  });

  it('a completed lesson says so and can be unmarked', async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, { completed: false }));
    const user = userEvent.setup();
    renderWithProviders(<LessonView lesson={makeLesson({ completed: true })} />);
    expect(screen.getByText('You have completed this lesson.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as not completed' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0][1]?.method).toBe('DELETE');
  });
});

describe('LessonView: the lesson’s recording', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:lesson-audio'), revokeObjectURL: vi.fn() }));
  });

  it('a free lesson plays its audio URL directly, with the speed control', () => {
    renderWithProviders(<LessonView lesson={makeLesson({ audioUrl: '/api/content/media/lessons/x/y/audio' })} />);
    expect(document.querySelector('audio')).toHaveAttribute('src', '/api/content/media/lessons/x/y/audio');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Speed')).toBeInTheDocument();
  });

  it('premium audio is fetched with the token and played from a blob URL', async () => {
    session.set(makeUser({ token: 'premium.token.here' }));
    fetchMock.mockResolvedValue(new Response(new Blob(['ID3']), { status: 200, headers: { 'Content-Type': 'audio/mpeg' } }));
    renderWithProviders(
      <LessonView lesson={makeLesson({ premium: true, audioUrl: '/api/content/media/lessons/x/y/audio' })} />,
    );
    await waitFor(() => expect(document.querySelector('audio')).toHaveAttribute('src', 'blob:lesson-audio'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/content/media/lessons/x/y/audio');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer premium.token.here');
  });

  it('when the recording cannot be fetched, the browser’s voice reads instead', async () => {
    session.set(makeUser());
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    renderWithProviders(
      <LessonView lesson={makeLesson({ premium: true, audioUrl: '/api/content/media/lessons/x/y/audio' })} />,
    );
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByText(/The recording could not be loaded/)).toBeInTheDocument();
    expect(document.querySelector('audio')).toBeNull();
  });
});
