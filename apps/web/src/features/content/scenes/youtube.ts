/**
 * The YouTube player of a video story, through the IFrame Player API (docs/content.md, "Video Stories: scenes and
 * illustrations"): loaded only when the learner asks for the video, from youtube-nocookie.com, and followed by the
 * same subtitles as the narrated scenes. Only the API methods below are used, so a test can stand in a fake player.
 */

/** The part of the IFrame API's YT.Player this app uses. */
export interface TYouTubePlayerLike {
  getCurrentTime(): number;
  getPlayerState(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  destroy(): void;
}

/** YT.PlayerState values (documented by the IFrame Player API). */
export const YT_STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } as const;

export interface TYouTubeClockOptions {
  /** Called with the player's time in ms whenever it is read. */
  onTime: (ms: number, playing: boolean) => void;
  /** How often the time is read while the video plays; 100 ms keeps a subtitle within a tenth of a second. */
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

export interface TYouTubeClock {
  /** Feed the player's onStateChange events here: polling runs while the state is PLAYING (or BUFFERING). */
  stateChanged(state: number): void;
  stop(): void;
}

/**
 * Follows a YouTube player's time: getCurrentTime() is read every `intervalMs` while the video plays, and once more
 * on every state change (a pause or a seek lands on the right subtitle). The IFrame API has no time event, so
 * polling is how its time is followed.
 */
export function followYouTube(player: TYouTubePlayerLike, options: TYouTubeClockOptions): TYouTubeClock {
  const every = options.intervalMs ?? 100;
  const start = options.setInterval ?? ((fn: () => void, ms: number) => globalThis.setInterval(fn, ms));
  const clear = options.clearInterval ?? ((id: unknown) => globalThis.clearInterval(id as number));
  let timer: unknown = null;
  let stopped = false;
  const read = () => {
    const state = player.getPlayerState();
    const seconds = player.getCurrentTime();
    options.onTime(Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000), state === YT_STATE.PLAYING);
  };
  const halt = () => {
    if (timer !== null) clear(timer);
    timer = null;
  };
  return {
    stateChanged(state) {
      if (stopped) return;
      read();
      if (state === YT_STATE.PLAYING || state === YT_STATE.BUFFERING) {
        if (timer === null) timer = start(read, every);
      } else halt();
    },
    stop() {
      stopped = true;
      halt();
    },
  };
}

interface TYTNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      host: string;
      videoId: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: (event: { target: TYouTubePlayerLike }) => void;
        onStateChange?: (event: { data: number; target: TYouTubePlayerLike }) => void;
        onError?: (event: { data: number }) => void;
      };
    },
  ) => TYouTubePlayerLike;
}

declare global {
  interface Window {
    YT?: TYTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

export const YOUTUBE_API_URL = 'https://www.youtube.com/iframe_api';
export const YOUTUBE_HOST = 'https://www.youtube-nocookie.com';

let loading: Promise<TYTNamespace> | null = null;

/** Loads the IFrame Player API once (its script is allowed by the site's CSP: apps/api/src/app.ts). */
export function loadYouTubeApi(doc: Document = document): Promise<TYTNamespace> {
  const w = doc.defaultView as Window | null;
  if (w?.YT?.Player) return Promise.resolve(w.YT);
  if (loading) return loading;
  loading = new Promise<TYTNamespace>((resolve, reject) => {
    if (!w) {
      reject(new Error('no window'));
      return;
    }
    const previous = w.onYouTubeIframeAPIReady;
    w.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (w.YT?.Player) resolve(w.YT);
      else reject(new Error('the YouTube player API did not load'));
    };
    const script = doc.createElement('script');
    script.src = YOUTUBE_API_URL;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('the YouTube player API could not be loaded'));
    };
    doc.head.append(script);
  });
  return loading;
}

/** A YouTube player in `element` for `videoId`, on youtube-nocookie.com, its state changes sent to `onState`. */
export async function createYouTubePlayer(
  element: HTMLElement,
  videoId: string,
  onState: (state: number, player: TYouTubePlayerLike) => void,
  onError: (code: number) => void,
): Promise<TYouTubePlayerLike> {
  const YT = await loadYouTubeApi(element.ownerDocument);
  return new Promise((resolve) => {
    const player = new YT.Player(element, {
      host: YOUTUBE_HOST,
      videoId,
      width: '100%',
      height: '100%',
      playerVars: { playsinline: 1, rel: 0, autoplay: 1, origin: window.location.origin },
      events: {
        onReady: (e) => resolve(e.target),
        onStateChange: (e) => onState(e.data, e.target),
        onError: (e) => onError(e.data),
      },
    });
    void player;
  });
}
