import { useEffect, useState } from 'react';

export interface TMediaTime {
  /** The element's current time in ms (0 before it has one). */
  ms: number;
  playing: boolean;
}

/**
 * The current time of an audio or video element, followed while it plays: every animation frame while playing (the
 * `timeupdate` event alone fires only about 4 times a second, and a subtitle that lags a quarter second is felt),
 * and on seeks, pauses and loads. Works with whichever element the lesson page plays (docs/content.md, "Video
 * Stories: scenes and illustrations"); null gives time 0.
 */
const STOPPED: TMediaTime = { ms: 0, playing: false };

export function useMediaTime(media: HTMLMediaElement | null): TMediaTime {
  const [state, setState] = useState<TMediaTime>({ ms: 0, playing: false });
  useEffect(() => {
    if (!media) return;
    let frame = 0;
    const read = () => {
      const ms = Math.round((Number.isFinite(media.currentTime) ? media.currentTime : 0) * 1000);
      const playing = !media.paused && !media.ended;
      setState((s) => (s.ms === ms && s.playing === playing ? s : { ms, playing }));
      return playing;
    };
    const tick = () => {
      frame = 0;
      if (read()) frame = requestAnimationFrame(tick);
    };
    const update = () => {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      if (read() && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(tick);
    };
    const events = ['play', 'playing', 'pause', 'ended', 'seeked', 'seeking', 'timeupdate', 'loadedmetadata'];
    for (const e of events) media.addEventListener(e, update);
    update();
    return () => {
      for (const e of events) media.removeEventListener(e, update);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [media]);
  return media ? state : STOPPED;
}
