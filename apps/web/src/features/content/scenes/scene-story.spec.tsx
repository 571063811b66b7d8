import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMedia, TMediaSentenceTiming } from '@polski/contracts';
import { makeLesson } from '../testing/lesson-fixture';
import { SceneStory } from './scene-story';
import { YT_STATE } from './youtube';
import { FakeYouTubePlayer } from '../testing/fake-youtube-player';

/** A story like the real ones (slug kopalnia-soli: its illustrations are the real files). */
const lesson = makeLesson({
  hub: 'yt-stories',
  slug: 'kopalnia-soli',
  paragraphs: [
    {
      sentences: [
        { pl: 'Scena pierwsza: przed kopalnią w Wieliczce.', en: 'Scene one: outside the mine in Wieliczka.' },
        { pl: 'Jest ciepły sobotni poranek.', en: 'It is a warm Saturday morning.' },
      ],
    },
    {
      sentences: [
        { pl: 'Scena druga: schody w dół.', en: 'Scene two: the stairs down.' },
        { pl: 'Ida liczy każdy stopień.', en: 'Ida counts every step.' },
      ],
    },
    { sentences: [{ pl: 'Scena trzecia: kaplica świętej Kingi.', en: "Scene three: St Kinga's Chapel." }] },
  ],
});

const TIMINGS: TMediaSentenceTiming[] = [
  { p: 0, s: 0, startMs: 0, endMs: 2000 },
  { p: 0, s: 1, startMs: 2300, endMs: 4000 },
  { p: 1, s: 0, startMs: 4300, endMs: 6000 },
  { p: 1, s: 1, startMs: 6300, endMs: 8000 },
  { p: 2, s: 0, startMs: 8300, endMs: 10000 },
];
const media: TMedia = {
  status: 'ready',
  source: 'synthetic',
  voiceLabel: 'Synthetic voice (eSpeak NG)',
  tracks: [{ speed: 'normal', url: '/api/media/lessons/yt-stories/kopalnia-soli/normal-abc.mp3', durationMs: 10000, bytes: 80000, sentences: TIMINGS }],
};

const subtitle = () => screen.getByTestId('scene-subtitles').querySelector('[lang="pl"]')?.textContent;
const image = () => screen.getByTestId('scene-stage').querySelector('img');

/** An audio element whose time the test sets (jsdom plays nothing). */
function fakeAudio() {
  const el = document.createElement('audio');
  let time = 0;
  let paused = true;
  Object.defineProperty(el, 'currentTime', {
    get: () => time,
    set: (v: number) => {
      time = v;
      el.dispatchEvent(new Event('seeked'));
    },
  });
  Object.defineProperty(el, 'paused', { get: () => paused });
  el.pause = () => {
    paused = true;
    el.dispatchEvent(new Event('pause'));
  };
  return {
    el,
    at(ms: number) {
      time = ms / 1000;
      el.dispatchEvent(new Event('timeupdate'));
    },
  };
}

describe('SceneStory without audio: stepping through the scenes by hand', () => {
  it('shows the first scene with its illustration and alt text, and the next scene and sentence on request', async () => {
    const user = userEvent.setup();
    render(<SceneStory lesson={lesson} mediaElement={null} />);
    expect(subtitle()).toBe('Scena pierwsza: przed kopalnią w Wieliczce.');
    expect(screen.getByTestId('scene-position')).toHaveTextContent('Scene 1 of 3: outside the mine in Wieliczka.');
    await waitFor(() => expect(image()).toHaveAttribute('data-scene', '1'));
    expect(image()?.getAttribute('alt')).toMatch(/^Grandpa Edward and his granddaughter Ida wait in a queue/);
    expect(image()?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);

    await user.click(screen.getByRole('button', { name: 'Next sentence' }));
    expect(subtitle()).toBe('Jest ciepły sobotni poranek.');
    expect(screen.getByTestId('scene-position')).toHaveTextContent('Scene 1 of 3');

    await user.click(screen.getByRole('button', { name: /Next scene/ }));
    expect(subtitle()).toBe('Scena druga: schody w dół.');
    await waitFor(() => expect(image()).toHaveAttribute('data-scene', '2'));
    expect(image()?.getAttribute('alt')).toMatch(/winding wooden staircase/);
    expect(screen.getByRole('button', { name: /Previous scene/ })).toBeEnabled();
  });

  it('left and right arrows on the focused player move between scenes; other keys are left alone', async () => {
    const user = userEvent.setup();
    render(<SceneStory lesson={lesson} mediaElement={null} />);
    screen.getByTestId('scene-stage').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(subtitle()).toBe('Scena trzecia: kaplica świętej Kingi.');
    await user.keyboard('{ArrowRight}'); // the last scene stays
    expect(subtitle()).toBe('Scena trzecia: kaplica świętej Kingi.');
    expect(screen.getByRole('button', { name: /Next scene/ })).toBeDisabled();
    await user.keyboard('{ArrowLeft}');
    expect(subtitle()).toBe('Scena druga: schody w dół.');
    await user.keyboard(' {Shift>}{ArrowLeft}{/Shift}');
    expect(subtitle()).toBe('Scena druga: schody w dół.');
  });

  it('English subtitles on demand; the live region speaks only when announcements are asked for', async () => {
    const user = userEvent.setup();
    render(<SceneStory lesson={lesson} mediaElement={null} />);
    const announcer = screen.getByTestId('scene-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent('');
    expect(screen.queryByText('Scene one: outside the mine in Wieliczka.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'English subtitles' }));
    expect(screen.getByRole('button', { name: 'English subtitles' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Scene one: outside the mine in Wieliczka.')).toBeInTheDocument();
    // the visible subtitles are not a live region
    expect(screen.getByTestId('scene-subtitles').closest('[aria-live]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Announce subtitles' }));
    expect(announcer).toHaveTextContent('Scena pierwsza: przed kopalnią w Wieliczce. — Scene one: outside the mine in Wieliczka.');
    await user.click(screen.getByRole('button', { name: 'Next sentence' }));
    expect(announcer).toHaveTextContent('Jest ciepły sobotni poranek.');
  });
});

describe('SceneStory with the lesson audio', () => {
  it('the subtitle and the scene follow the element’s time; moving scenes seeks it', async () => {
    const audio = fakeAudio();
    const user = userEvent.setup();
    render(<SceneStory lesson={{ ...lesson, media }} mediaElement={audio.el} />);
    expect(subtitle()).toBe('Scena pierwsza: przed kopalnią w Wieliczce.');
    act(() => audio.at(2500));
    expect(subtitle()).toBe('Jest ciepły sobotni poranek.');
    act(() => audio.at(4200)); // the pause before scene two: the sentence just spoken stays
    expect(subtitle()).toBe('Jest ciepły sobotni poranek.');
    act(() => audio.at(6400));
    expect(subtitle()).toBe('Ida liczy każdy stopień.');
    expect(screen.getByTestId('scene-position')).toHaveTextContent('Scene 2 of 3');
    await waitFor(() => expect(image()).toHaveAttribute('data-scene', '2'));

    await user.click(screen.getByRole('button', { name: /Next scene/ }));
    expect(audio.el.currentTime).toBe(8.3);
    expect(subtitle()).toBe('Scena trzecia: kaplica świętej Kingi.');
    await user.click(screen.getByRole('button', { name: /Previous scene/ }));
    expect(audio.el.currentTime).toBe(4.3);
  });

  it('without a page element it plays the track in its own <audio> and names the voice', () => {
    render(<SceneStory lesson={{ ...lesson, media }} />);
    const el = screen.getByLabelText('Story narration');
    expect(el.tagName).toBe('AUDIO');
    expect(el).toHaveAttribute('src', media.tracks[0].url);
    expect(screen.getByText('Synthetic voice (eSpeak NG)')).toBeInTheDocument();
  });

  it('while the narration is being prepared, says so and steps by hand', async () => {
    const user = userEvent.setup();
    render(<SceneStory lesson={{ ...lesson, media: { ...media, status: 'preparing', tracks: [] } }} />);
    expect(screen.getByRole('status')).toHaveTextContent('The narration is still being prepared');
    expect(screen.queryByLabelText('Story narration')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Next scene/ }));
    expect(subtitle()).toBe('Scena druga: schody w dół.');
  });
});

describe('SceneStory with a YouTube video', () => {
  let players: FakeYouTubePlayer[];
  let options: { host: string; videoId: string; events: { onReady: (e: unknown) => void; onStateChange: (e: unknown) => void } }[];
  beforeEach(() => {
    players = [];
    options = [];
    window.YT = {
      Player: function Player(_el: HTMLElement, o: (typeof options)[number]) {
        const player = new FakeYouTubePlayer();
        players.push(player);
        options.push(o);
        queueMicrotask(() => o.events.onReady({ target: player }));
        return player;
      },
    } as unknown as typeof window.YT;
  });
  afterEach(() => {
    delete window.YT;
    vi.useRealTimers();
  });

  it('loads only on request, from youtube-nocookie, and the same subtitles follow getCurrentTime()', async () => {
    const audio = fakeAudio();
    render(<SceneStory lesson={{ ...lesson, media, videoId: 'abcdefghijk' }} mediaElement={audio.el} />);
    expect(players).toHaveLength(0);
    expect(screen.getByText(/loads only when you press Play/)).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(screen.getByRole('button', { name: 'Play the video' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to the illustrated scenes' })).toBeInTheDocument());
    expect(options[0]).toMatchObject({ host: 'https://www.youtube-nocookie.com', videoId: 'abcdefghijk' });
    const player = players[0];

    player.state = YT_STATE.PLAYING;
    player.time = 6.5;
    act(() => options[0].events.onStateChange({ data: YT_STATE.PLAYING, target: player }));
    expect(subtitle()).toBe('Ida liczy każdy stopień.');
    player.time = 8.4;
    act(() => vi.advanceTimersByTime(100));
    expect(subtitle()).toBe('Scena trzecia: kaplica świętej Kingi.');
    // the narration's element no longer drives the subtitles
    act(() => audio.at(0));
    expect(subtitle()).toBe('Scena trzecia: kaplica świętej Kingi.');

    // stepping a scene seeks the video
    fireEvent.click(screen.getByRole('button', { name: /Previous scene/ }));
    expect(player.seeks).toEqual([4.3]);
    expect(subtitle()).toBe('Scena druga: schody w dół.');

    fireEvent.click(screen.getByRole('button', { name: 'Back to the illustrated scenes' }));
    expect(player.destroyed).toBe(true);
    expect(screen.getByRole('button', { name: 'Play the video' })).toBeInTheDocument();
  });
});

describe('SceneStory: full screen', () => {
  afterEach(() => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: undefined });
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
  });

  it('the button asks the Fullscreen API for the player and follows fullscreenchange', async () => {
    const user = userEvent.setup();
    let current: Element | null = null;
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
    const exit = vi.fn(async () => {
      current = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
    render(<SceneStory lesson={lesson} mediaElement={null} />);
    const stage = screen.getByTestId('scene-stage');
    stage.requestFullscreen = vi.fn(async () => {
      current = stage;
      document.dispatchEvent(new Event('fullscreenchange'));
    });

    const button = screen.getByRole('button', { name: 'Full screen' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(stage.requestFullscreen).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(stage).toHaveClass('is-fullscreen');

    await user.click(button);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');
    expect(stage).not.toHaveClass('is-fullscreen');
  });

  it('without the Fullscreen API the player fills the window, and Escape leaves', async () => {
    const user = userEvent.setup();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    render(<SceneStory lesson={lesson} mediaElement={null} />);
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(screen.getByTestId('scene-stage')).toHaveClass('is-fullscreen');
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('scene-stage')).not.toHaveClass('is-fullscreen');
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');
  });
});
