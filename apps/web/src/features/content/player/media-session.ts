import { useEffect, useRef } from 'react';

export interface TMediaSessionControls {
  title: string;
  /** Shown as the artist on the lock screen: the voice ("Synthetic voice (eSpeak NG)"). */
  artist: string;
  album: string;
  playing: boolean;
  durationMs: number;
  positionMs: number;
  rate: number;
  play: () => void;
  pause: () => void;
  seek: (ms: number) => void;
  previous: () => void;
  next: () => void;
}

type TAction = 'play' | 'pause' | 'seekto' | 'seekbackward' | 'seekforward' | 'previoustrack' | 'nexttrack' | 'stop';
const ACTIONS: readonly TAction[] = [
  'play',
  'pause',
  'seekto',
  'seekbackward',
  'seekforward',
  'previoustrack',
  'nexttrack',
  'stop',
];
const SKIP_MS = 5000;

function session(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

/**
 * The Media Session API (docs/product.md, "The learning player"): the lesson's title and voice on the lock screen
 * and in the system's media controls; play, pause, seek, and the headset's or lock screen's previous/next track
 * buttons go to the previous/next sentence. Handlers are removed when the player goes.
 */
export function useMediaSession(controls: TMediaSessionControls, enabled: boolean): void {
  const ref = useRef(controls);
  useEffect(() => {
    ref.current = controls;
  });
  const { title, artist, album, playing, durationMs, positionMs, rate } = controls;

  useEffect(() => {
    const ms = session();
    if (!ms || !enabled) return;
    const handlers: Record<TAction, MediaSessionActionHandler> = {
      play: () => ref.current.play(),
      pause: () => ref.current.pause(),
      stop: () => ref.current.pause(),
      seekto: (d) => {
        if (typeof d.seekTime === 'number') ref.current.seek(d.seekTime * 1000);
      },
      seekbackward: (d) => ref.current.seek(ref.current.positionMs - (d.seekOffset ? d.seekOffset * 1000 : SKIP_MS)),
      seekforward: (d) => ref.current.seek(ref.current.positionMs + (d.seekOffset ? d.seekOffset * 1000 : SKIP_MS)),
      previoustrack: () => ref.current.previous(),
      nexttrack: () => ref.current.next(),
    };
    for (const action of ACTIONS) {
      try {
        ms.setActionHandler(action, handlers[action]);
      } catch {
        // an action this browser does not know
      }
    }
    return () => {
      for (const action of ACTIONS) {
        try {
          ms.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [enabled]);

  useEffect(() => {
    const ms = session();
    if (!ms || !enabled || typeof MediaMetadata === 'undefined') return;
    ms.metadata = new MediaMetadata({ title, artist, album });
    return () => {
      ms.metadata = null;
    };
  }, [enabled, title, artist, album]);

  useEffect(() => {
    const ms = session();
    if (!ms || !enabled) return;
    ms.playbackState = playing ? 'playing' : 'paused';
  }, [enabled, playing]);

  useEffect(() => {
    const ms = session();
    if (!ms || !enabled || !durationMs || typeof ms.setPositionState !== 'function') return;
    try {
      ms.setPositionState({
        duration: durationMs / 1000,
        position: Math.min(durationMs, Math.max(0, positionMs)) / 1000,
        playbackRate: rate,
      });
    } catch {
      // a position past a duration not yet known
    }
    // the position is set when playback starts, stops or changes speed; the system extrapolates in between
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, playing, durationMs, rate]);
}
