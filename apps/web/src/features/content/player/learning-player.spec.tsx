import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { LessonView } from '../components/lesson-view';
import { makeAnnotations, makeLesson, makeMedia } from '../testing/lesson-fixture';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/**
 * The learning player on a lesson with `media` (docs/product.md, "The learning player"). jsdom plays nothing: the
 * element's play() and pause() are replaced by ones that flip `paused` and fire the events a browser fires, and the
 * tests move `currentTime` and fire `timeupdate` as playback would.
 */
const played = vi.fn();
const clips: { src: string; rate: number }[] = [];
class FakeAudio {
  playbackRate = 1;
  defaultPlaybackRate = 1;
  preservesPitch = false;
  currentTime = 0;
  constructor(readonly src: string) {}
  addEventListener() {}
  pause() {}
  play() {
    clips.push({ src: this.src, rate: this.playbackRate });
    return Promise.resolve();
  }
}
const session = {
  metadata: null as MediaMetadata | null,
  playbackState: 'none',
  handlers: new Map<string, MediaSessionActionHandler | null>(),
  setActionHandler(action: string, handler: MediaSessionActionHandler | null) {
    this.handlers.set(action, handler);
  },
  setPositionState: vi.fn(),
};

beforeEach(() => {
  clips.length = 0;
  played.mockReset();
  session.handlers.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played(this.currentTime);
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
  vi.stubGlobal('Audio', FakeAudio);
  vi.stubGlobal('MediaMetadata', class {
    constructor(readonly init: MediaMetadataInit) {}
  });
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  // no frame loop in these tests: the checks run on timeupdate, as they also do in a browser
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaSession');
});

function audio(): HTMLAudioElement {
  const el = document.querySelector<HTMLAudioElement>('audio.learning-player-audio');
  if (!el) throw new Error('no player audio');
  return el;
}
/** Playback reaches `ms`. */
function playTo(ms: number) {
  act(() => {
    audio().currentTime = ms / 1000;
    audio().dispatchEvent(new Event('timeupdate'));
  });
}
/** The lesson's text (the exercises below have word buttons too). */
const text = () => within(document.querySelector<HTMLElement>('.lesson-text')!);
const sentenceOf = (word: string) => text().getByRole('button', { name: word }).closest('.sentence');

function renderLesson(media = makeMedia(), lesson = makeLesson({ media, annotations: makeAnnotations() })) {
  return renderWithProviders(<LessonView lesson={lesson} />);
}

// a whole lesson page per test: more than the default 5 s on a busy machine (the tests time nothing)
describe('the learning player', { timeout: 30_000 }, () => {
  it('plays the lesson track, names the voice, and the highlighted sentence and word follow the time', async () => {
    const user = userEvent.setup();
    renderLesson();
    const player = screen.getByRole('region', { name: 'Listen' });
    expect(within(player).getByText('Synthetic voice (eSpeak NG)')).toBeInTheDocument();
    expect(audio().getAttribute('src')).toBe(makeMedia().tracks[0].url);
    // the speech fallback is not offered next to it
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();

    await user.click(within(player).getByRole('button', { name: 'Play' }));
    expect(played).toHaveBeenCalledTimes(1);
    expect(within(player).getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    playTo(500);
    expect(sentenceOf('Cześć')).toHaveClass('is-reading');
    expect(within(player).getByText('Sentence 1 of 3')).toBeInTheDocument();
    playTo(3400);
    expect(sentenceOf('Cześć')).not.toHaveClass('is-reading');
    expect(sentenceOf('Mieszkam')).toHaveClass('is-reading');
    expect(text().getByRole('button', { name: 'w' })).toHaveClass('is-spoken');
    expect(text().getByRole('button', { name: 'Mieszkam' })).not.toHaveClass('is-spoken');
    expect(within(player).getByText('Sentence 2 of 3')).toBeInTheDocument();
    playTo(6000);
    expect(sentenceOf('studentką')).toHaveClass('is-reading');
  });

  it('tap-to-play: a sentence’s play mark and the popover’s “Play the sentence” start at its timing', async () => {
    const user = userEvent.setup();
    renderLesson();
    await user.click(screen.getByRole('button', { name: 'Play sentence 3' }));
    expect(played).toHaveBeenLastCalledWith(5);
    expect(sentenceOf('studentką')).toHaveClass('is-reading');

    // a word still opens its explanation; the sentence's translation stays one tap away
    await user.click(text().getByRole('button', { name: 'Mieszkam' }));
    const popover = screen.getByRole('dialog', { name: 'Mieszkam' });
    expect(within(popover).getByRole('button', { name: 'Show sentence translation' })).toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Play the sentence' }));
    expect(played).toHaveBeenLastCalledWith(2.5);
  });

  it('speed 0.5-1.5 keeps the pitch; loop repeats the sentence; auto-pause stops after it', async () => {
    const user = userEvent.setup();
    renderLesson();
    const player = screen.getByRole('region', { name: 'Listen' });
    await user.selectOptions(within(player).getByRole('combobox', { name: 'Speed' }), '0.5');
    expect(audio().playbackRate).toBe(0.5);
    expect(audio().preservesPitch).toBe(true);
    expect(within(player).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual([
      '0.5', '0.6', '0.7', '0.8', '0.9', '1', '1.1', '1.25', '1.5',
    ]);

    const loop = within(player).getByRole('button', { name: 'Loop sentence' });
    await user.click(loop);
    expect(loop).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Play sentence 2' }));
    playTo(4000);
    playTo(4510);
    expect(audio().currentTime).toBe(2.5);
    expect(audio().paused).toBe(false);

    const autoPause = within(player).getByRole('button', { name: 'Pause after each sentence' });
    await user.click(autoPause);
    expect(autoPause).toHaveAttribute('aria-pressed', 'true');
    expect(loop).toHaveAttribute('aria-pressed', 'false');
    playTo(4520);
    expect(audio().paused).toBe(true);
    // paused at the next sentence's start, the sentence just heard still marked
    expect(audio().currentTime).toBe(5);
    expect(sentenceOf('Mieszkam')).toHaveClass('is-reading');
    await user.click(within(player).getByRole('button', { name: 'Play' }));
    playTo(5200);
    expect(audio().paused).toBe(false);
    expect(sentenceOf('studentką')).toHaveClass('is-reading');
  });

  it('previous, next and replay move by sentence; the slow track takes over at the same sentence', async () => {
    const user = userEvent.setup();
    renderLesson();
    const player = screen.getByRole('region', { name: 'Listen' });
    await user.click(within(player).getByRole('button', { name: 'Next sentence' }));
    expect(played).toHaveBeenLastCalledWith(0);
    await user.click(within(player).getByRole('button', { name: 'Next sentence' }));
    expect(played).toHaveBeenLastCalledWith(2.5);
    await user.click(within(player).getByRole('button', { name: 'Replay the sentence' }));
    expect(played).toHaveBeenLastCalledWith(2.5);
    await user.click(within(player).getByRole('button', { name: 'Previous sentence' }));
    expect(played).toHaveBeenLastCalledWith(0);
    await user.click(within(player).getByRole('button', { name: 'Next sentence' }));

    await user.click(within(player).getByRole('button', { name: 'Slow' }));
    expect(within(player).getByRole('button', { name: 'Slow' })).toHaveAttribute('aria-pressed', 'true');
    expect(audio().getAttribute('src')).toBe(makeMedia().tracks[1].url);
    act(() => {
      audio().dispatchEvent(new Event('loadedmetadata'));
    });
    expect(audio().currentTime).toBe(3.75);
  });

  it('keyboard shortcuts, listed under "?", leave typing alone', async () => {
    const user = userEvent.setup();
    renderLesson();
    const player = screen.getByRole('region', { name: 'Listen' });
    await user.keyboard('l');
    expect(played).toHaveBeenLastCalledWith(0);
    await user.keyboard('l');
    expect(played).toHaveBeenLastCalledWith(2.5);
    await user.keyboard('k');
    expect(audio().paused).toBe(true);
    await user.keyboard('o');
    expect(within(player).getByRole('button', { name: 'Loop sentence' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(']');
    expect(audio().playbackRate).toBe(1.1);
    await user.keyboard('?');
    expect(within(player).getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();

    // in the dictation box the letters are text
    const box = screen.getAllByRole('textbox', { name: 'What you hear' })[0];
    await user.type(box, 'kol');
    expect(box).toHaveValue('kol');
    expect(within(player).getByRole('button', { name: 'Loop sentence' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Media Session: the title and voice, play/pause, seek, previous/next sentence; handlers go with the page', async () => {
    const { unmount } = renderLesson();
    expect(session.metadata).toMatchObject({ init: { title: 'Cześć, jestem Ania', artist: 'Synthetic voice (eSpeak NG)' } });
    act(() => session.handlers.get('nexttrack')?.({ action: 'nexttrack' }));
    expect(played).toHaveBeenLastCalledWith(0);
    act(() => session.handlers.get('nexttrack')?.({ action: 'nexttrack' }));
    expect(played).toHaveBeenLastCalledWith(2.5);
    act(() => session.handlers.get('previoustrack')?.({ action: 'previoustrack' }));
    expect(played).toHaveBeenLastCalledWith(0);
    act(() => session.handlers.get('pause')?.({ action: 'pause' }));
    expect(audio().paused).toBe(true);
    expect(session.playbackState).toBe('paused');
    act(() => session.handlers.get('seekto')?.({ action: 'seekto', seekTime: 5.5 }));
    expect(audio().currentTime).toBe(5.5);
    expect(sentenceOf('studentką')).toHaveClass('is-reading');
    act(() => session.handlers.get('play')?.({ action: 'play' }));
    expect(session.playbackState).toBe('playing');
    unmount();
    expect([...session.handlers.values()].every((h) => h === null)).toBe(true);
    expect(session.metadata).toBeNull();
  });

  it('says when the audio is being prepared (and asks again every 30 s), and falls back to the browser’s voice when the track fails', () => {
    vi.useFakeTimers();
    const { unmount, queryClient } = renderLesson(makeMedia({ status: 'preparing', tracks: [] }));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByText(/Audio is being prepared \(Synthetic voice \(eSpeak NG\)\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play sentence 1' })).toBeNull();
    act(() => vi.advanceTimersByTime(29_000));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['content', 'lesson', 'complete-beginner', 'complete-beginner-1'] });
    unmount();
    act(() => vi.advanceTimersByTime(60_000));
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.useRealTimers();

    renderLesson();
    fireEvent.error(audio());
    expect(screen.getByText(/could not be loaded, so your browser’s voice reads the lesson/)).toBeInTheDocument();
    expect(document.querySelector('audio.learning-player-audio')).toBeNull();
  });
});

describe('the popover’s word audio', { timeout: 30_000 }, () => {
  it('plays the vocabulary word’s file, else the word’s stretch of the track, else the browser’s voice', async () => {
    const user = userEvent.setup();
    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', {
      speak,
      cancel: vi.fn(),
      getVoices: () => [{ lang: 'pl-PL', name: 'Polski' }],
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    vi.stubGlobal('SpeechSynthesisUtterance', class {
      constructor(readonly text: string) {}
    });
    renderLesson();
    await user.click(text().getByRole('button', { name: 'Cześć' }));
    await user.click(screen.getByRole('button', { name: 'Hear “Cześć”' }));
    expect(clips.at(-1)?.src).toBe('/media/words/cz.mp3');

    await user.click(text().getByRole('button', { name: 'Krakowie' }));
    await user.click(screen.getByRole('button', { name: 'Hear “Krakowie”' }));
    expect(clips.at(-1)?.src).toBe(`${makeMedia().tracks[0].url}#t=3.6,4.5`);

    await user.click(text().getByRole('button', { name: 'Ania' }));
    await user.click(screen.getByRole('button', { name: 'Hear “Ania”' }));
    expect(speak).toHaveBeenCalledTimes(1);
    expect(speak.mock.calls[0][0]).toMatchObject({ text: 'Ania' });
  });
});
