import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TMediaSpeed, TMediaTrack } from '@polski/contracts';
import {
  PLAYER_RATES,
  neighbour,
  positionAt,
  tick,
  timedSentences,
  timingOf,
  wordAt,
  type TTimedSentence,
} from './timeline';

/** How far the shown time may lag the element's (the sentence and word marks follow every frame). */
const SHOWN_MS_STEP = 200;

export interface TLearningPlayerOptions {
  /** The text's paragraphs (sentences numbered through them, as the text and the timings count them). */
  paragraphs: readonly { sentences: readonly unknown[] }[];
  /** Playable tracks (see `playableTracks`); at most one per speed. */
  tracks: readonly TMediaTrack[];
  initialSpeed: TMediaSpeed;
  initialRate?: number;
}

export interface TLearningPlayer {
  /** Ref callback for the one <audio> element the player drives. */
  attachAudio: (el: HTMLAudioElement | null) => void;
  /** That element, once attached (the video story's scenes follow its time). */
  element: HTMLAudioElement | null;
  playing: boolean;
  /** The track could not be loaded or played: the page falls back to the browser's voice. */
  failed: boolean;
  currentMs: number;
  durationMs: number;
  /** The text's index of the sentence being heard (or just heard, when paused); -1 before playback. */
  sentence: number;
  /** The word being said in that sentence (its position among the sentence's words), -1 without word timings. */
  word: number;
  /** The timed sentences of the current track, in time order. */
  timed: readonly TTimedSentence[];
  rate: number;
  loop: boolean;
  autoPause: boolean;
  speed: TMediaSpeed;
  speeds: readonly TMediaSpeed[];
  track: TMediaTrack | undefined;
  play: () => void;
  pause: () => void;
  toggle: () => void;
  /** Plays the text's sentence `index` from its start (tap-to-play, the popover's "Play sentence"). */
  playSentence: (index: number) => void;
  previous: () => void;
  next: () => void;
  replay: () => void;
  seek: (ms: number) => void;
  setRate: (rate: number) => void;
  /** One step slower (-1) or faster (+1) through PLAYER_RATES. */
  stepRate: (step: -1 | 1) => void;
  setLoop: (on: boolean) => void;
  setAutoPause: (on: boolean) => void;
  setSpeed: (speed: TMediaSpeed) => void;
}

/**
 * Drives an <audio> element for learning (docs/product.md, "The learning player"): the sentence and word heard
 * follow the element's time (checked every animation frame while playing, and at every `timeupdate`), sentences
 * can be played, replayed, skipped and looped, playback can stop after each sentence (shadowing), the speed changes
 * without changing the pitch, and the normal and slow tracks swap at the same sentence.
 */
export function useLearningPlayer({
  paragraphs,
  tracks,
  initialSpeed,
  initialRate = 1,
}: TLearningPlayerOptions): TLearningPlayer {
  // the element in a ref (it is changed: time, rate); `el` in state only makes the effects run when it comes or goes
  const elRef = useRef<HTMLAudioElement | null>(null);
  const [el, setEl] = useState<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [currentMs, setCurrentMs] = useState(0);
  const [loadedMs, setLoadedMs] = useState(0);
  const [heard, setHeard] = useState({ sentence: -1, word: -1 });
  const [rate, setRateState] = useState(initialRate);
  const [loop, setLoopState] = useState(false);
  const [autoPause, setAutoPauseState] = useState(false);
  const [speed, setSpeedState] = useState<TMediaSpeed>(initialSpeed);

  const track = tracks.find((t) => t.speed === speed) ?? tracks[0];
  const speeds = useMemo(() => tracks.map((t) => t.speed), [tracks]);
  const timed = useMemo(() => (track ? timedSentences(paragraphs, track) : []), [paragraphs, track]);

  // what the frame loop reads: refs, so a check never sees a stale render
  const state = useRef({
    anchor: -1,
    loop: false,
    autoPause: false,
    timed,
    pendingSeekMs: null as number | null,
    shownMs: 0,
  });
  useLayoutEffect(() => {
    state.current.timed = timed;
    state.current.loop = loop;
    state.current.autoPause = autoPause;
  });

  /** Reads the element's time and applies the loop and auto-pause rules; updates what the page highlights. */
  const check = useCallback((audio: HTMLAudioElement) => {
    const s = state.current;
    const ms = Math.round(audio.currentTime * 1000);
    const action = audio.paused
      ? { kind: 'continue' as const, anchor: s.anchor }
      : tick(s.timed, { ms, anchor: s.anchor, loop: s.loop, autoPause: s.autoPause });
    if (action.kind === 'seek') {
      audio.currentTime = action.toMs / 1000;
      s.anchor = action.anchor;
      setCurrentMs(action.toMs);
      return;
    }
    if (action.kind === 'pause') {
      audio.pause();
      audio.currentTime = action.atMs / 1000;
      s.anchor = action.anchor;
      setCurrentMs(action.atMs);
      setHeard({ sentence: action.heard, word: -1 });
      return;
    }
    s.anchor = action.anchor;
    // the clock and the slider move 5 times a second at most: the page is not drawn again at every frame
    if (Math.abs(ms - s.shownMs) >= SHOWN_MS_STEP || audio.paused) {
      s.shownMs = ms;
      setCurrentMs(ms);
    }
    const at = positionAt(s.timed, ms);
    const sentence = audio.paused && s.anchor >= 0 ? s.anchor : at >= 0 ? s.timed[at].index : -1;
    const word = at >= 0 && s.timed[at].index === sentence ? wordAt(s.timed[at], ms) : -1;
    setHeard((h) => (h.sentence === sentence && h.word === word ? h : { sentence, word }));
  }, []);

  // the element's events, and a frame loop while it plays (timeupdate alone comes only about 4 times a second)
  useEffect(() => {
    const audio = elRef.current;
    if (!el || !audio) return;
    let frame = 0;
    const loopFrames = () => {
      check(audio);
      frame = requestAnimationFrame(loopFrames);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(loopFrames);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
    };
    const onTime = () => check(audio);
    const onMeta = () => {
      setLoadedMs(Number.isFinite(audio.duration) ? Math.round(audio.duration * 1000) : 0);
      const pending = state.current.pendingSeekMs;
      if (pending !== null) {
        state.current.pendingSeekMs = null;
        audio.currentTime = pending / 1000;
      }
    };
    const onError = () => {
      setFailed(true);
      setPlaying(false);
    };
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onPause);
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('seeked', onTime);
    audio.addEventListener('loadedmetadata', onMeta);
    audio.addEventListener('error', onError);
    if (audio.readyState >= 1) onMeta();
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onPause);
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('seeked', onTime);
      audio.removeEventListener('loadedmetadata', onMeta);
      audio.removeEventListener('error', onError);
    };
  }, [el, check]);

  // speed without a change of pitch
  useEffect(() => {
    const audio = elRef.current;
    if (!el || !audio) return;
    audio.preservesPitch = true;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [el, rate, track?.url]);

  const start = useCallback(
    (audio: HTMLAudioElement) => {
      // a failed play() (a policy, a network error) leaves the player paused; the element's error event reports it
      void audio.play()?.catch?.(() => setPlaying(false));
    },
    [],
  );

  const play = useCallback(() => {
    if (elRef.current) start(elRef.current);
  }, [start]);
  const pause = useCallback(() => elRef.current?.pause(), []);
  const toggle = useCallback(() => (elRef.current && !elRef.current.paused ? pause() : play()), [pause, play]);

  const playAt = useCallback(
    (t: TTimedSentence | undefined) => {
      const audio = elRef.current;
      if (!audio || !t) return;
      state.current.anchor = t.index;
      audio.currentTime = t.startMs / 1000;
      setCurrentMs(t.startMs);
      setHeard({ sentence: t.index, word: -1 });
      start(audio);
    },
    [start],
  );
  const playSentence = useCallback((index: number) => playAt(timingOf(timed, index)), [playAt, timed]);
  const previous = useCallback(
    () => playAt(neighbour(timed, heard.sentence, -1)),
    [playAt, timed, heard.sentence],
  );
  const next = useCallback(
    () => playAt(heard.sentence < 0 ? timed[0] : neighbour(timed, heard.sentence, 1)),
    [playAt, timed, heard.sentence],
  );
  const replay = useCallback(
    () => playAt(timingOf(timed, heard.sentence) ?? timed[0]),
    [playAt, timed, heard.sentence],
  );
  const seek = useCallback(
    (ms: number) => {
      const audio = elRef.current;
      if (!audio) return;
      state.current.anchor = -1;
      audio.currentTime = Math.max(0, ms) / 1000;
      check(audio);
    },
    [check],
  );

  const setRate = useCallback((r: number) => setRateState(Math.min(1.5, Math.max(0.5, r))), []);
  const stepRate = useCallback(
    (step: -1 | 1) =>
      setRateState((r) => {
        const at = PLAYER_RATES.findIndex((x) => x >= r - 1e-9);
        const i = Math.max(0, Math.min(PLAYER_RATES.length - 1, (at < 0 ? PLAYER_RATES.length - 1 : at) + step));
        return PLAYER_RATES[i];
      }),
    [],
  );
  const setLoop = useCallback((on: boolean) => {
    setLoopState(on);
    if (on) setAutoPauseState(false);
  }, []);
  const setAutoPause = useCallback((on: boolean) => {
    setAutoPauseState(on);
    if (on) setLoopState(false);
  }, []);

  // normal ↔ slow: the other track's timing of the same sentence, once its metadata is in
  const setSpeed = useCallback(
    (to: TMediaSpeed) => {
      if (to === speed || !tracks.some((t) => t.speed === to)) return;
      const other = tracks.find((t) => t.speed === to);
      const target = other && heard.sentence >= 0 ? timingOf(timedSentences(paragraphs, other), heard.sentence) : undefined;
      state.current.pendingSeekMs = target?.startMs ?? 0;
      state.current.anchor = target?.index ?? -1;
      const audio = elRef.current;
      setSpeedState(to);
      if (audio && !audio.paused) {
        const resume = () => start(audio);
        audio.addEventListener('loadedmetadata', resume, { once: true });
      }
    },
    [speed, tracks, heard.sentence, paragraphs, start],
  );

  const attachAudio = useCallback((node: HTMLAudioElement | null) => {
    elRef.current = node;
    setEl(node);
  }, []);

  return {
    attachAudio,
    element: el,
    playing,
    failed,
    currentMs,
    durationMs: loadedMs || track?.durationMs || 0,
    sentence: heard.sentence,
    word: heard.word,
    timed,
    rate,
    loop,
    autoPause,
    speed: track?.speed ?? speed,
    speeds,
    track,
    play,
    pause,
    toggle,
    playSentence,
    previous,
    next,
    replay,
    seek,
    setRate,
    stepRate,
    setLoop,
    setAutoPause,
    setSpeed,
  };
}
