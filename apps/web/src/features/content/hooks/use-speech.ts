import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

export const SPEECH_RATES = [0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2] as const;
export const SPEECH_LANG = 'pl-PL';

export type TSpeechStatus = 'idle' | 'playing' | 'paused';
/** 'unsupported': no speechSynthesis; 'no-voice': no Polish voice installed; 'ready': a Polish voice exists. */
export type TSpeechSupport = 'unsupported' | 'no-voice' | 'ready';

function synth(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined'
    ? window.speechSynthesis
    : null;
}

/** A Polish voice, preferring pl-PL; voices load asynchronously in some browsers (voiceschanged). */
export function findPolishVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const polish = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').startsWith('pl'));
  return polish.find((v) => v.lang.replace('_', '-') === SPEECH_LANG) ?? polish[0] ?? null;
}

function subscribeVoices(onChange: () => void): () => void {
  const s = synth();
  if (!s) return () => undefined;
  s.addEventListener?.('voiceschanged', onChange);
  return () => s.removeEventListener?.('voiceschanged', onChange);
}

/** Whether the browser can speak Polish now ('ready'), has no Polish voice, or cannot speak at all. */
export function speechSupport(): TSpeechSupport {
  return supportSnapshot();
}

function supportSnapshot(): TSpeechSupport {
  const s = synth();
  if (!s) return 'unsupported';
  return findPolishVoice(s.getVoices()) ? 'ready' : 'no-voice';
}

export interface TSpeech {
  support: TSpeechSupport;
  status: TSpeechStatus;
  /** Index of the sentence being read, -1 when idle. */
  current: number;
  rate: number;
  play: () => void;
  pause: () => void;
  stop: () => void;
  setRate: (rate: number) => void;
}

/**
 * Reads `sentences` aloud with the browser's speech synthesis, one utterance per sentence, so the page can
 * highlight the sentence being read (and Chrome's cut-off of long utterances never applies). Pause cancels the
 * utterance and remembers the sentence: speechSynthesis.pause() is unreliable across browsers. A speed change
 * while reading restarts the current sentence at the new speed.
 */
export function useSpeech(sentences: readonly string[], { initialRate = 1 }: { initialRate?: number } = {}): TSpeech {
  const support = useSyncExternalStore(subscribeVoices, supportSnapshot, () => 'unsupported' as const);
  const [status, setStatus] = useState<TSpeechStatus>('idle');
  const [current, setCurrent] = useState(-1);
  const [rate, setRateState] = useState(initialRate);
  const run = useRef(0); // each start gets a number; events of an older run are ignored
  const rateRef = useRef(initialRate);
  const sentencesRef = useRef(sentences);
  useEffect(() => {
    sentencesRef.current = sentences;
  });

  const speakFrom = useCallback((start: number) => {
    const s = synth();
    if (!s) return;
    const mine = ++run.current;
    s.cancel();
    const voice = findPolishVoice(s.getVoices());
    const speak = (i: number) => {
      if (run.current !== mine) return;
      const list = sentencesRef.current;
      if (i >= list.length) {
        setStatus('idle');
        setCurrent(-1);
        return;
      }
      setCurrent(i);
      const u = new SpeechSynthesisUtterance(list[i]);
      u.lang = SPEECH_LANG;
      if (voice) u.voice = voice;
      u.rate = rateRef.current;
      u.onend = () => speak(i + 1);
      u.onerror = (e) => {
        if (run.current !== mine || e.error === 'interrupted' || e.error === 'canceled') return;
        run.current++;
        setStatus('idle');
        setCurrent(-1);
      };
      s.speak(u);
    };
    setStatus('playing');
    speak(start);
  }, []);

  const play = useCallback(() => {
    speakFrom(status === 'paused' && current >= 0 ? current : 0);
  }, [speakFrom, status, current]);

  const pause = useCallback(() => {
    run.current++;
    synth()?.cancel();
    setStatus('paused');
  }, []);

  const stop = useCallback(() => {
    run.current++;
    synth()?.cancel();
    setStatus('idle');
    setCurrent(-1);
  }, []);

  const setRate = useCallback(
    (next: number) => {
      rateRef.current = next;
      setRateState(next);
      if (status === 'playing' && current >= 0) speakFrom(current);
    },
    [speakFrom, status, current],
  );

  // leaving the page stops the voice
  useEffect(
    () => () => {
      run.current++;
      synth()?.cancel();
    },
    [],
  );

  return { support, status, current, rate, play, pause, stop, setRate };
}

/** Whether the browser can speak Polish (re-rendered when its voices load). */
export function useSpeechSupport(): TSpeechSupport {
  return useSyncExternalStore(subscribeVoices, supportSnapshot, () => 'unsupported' as const);
}

/** Says one word or phrase in the Polish voice (the word popover's "Hear it"); false when the browser cannot. */
export function speakOnce(
  text: string,
  { rate = 1, onEnd }: { rate?: number; /** When the voice has finished (or failed). */ onEnd?: () => void } = {},
): boolean {
  const s = synth();
  const voice = s ? findPolishVoice(s.getVoices()) : null;
  if (!s || !voice) return false;
  s.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.lang = SPEECH_LANG;
  u.voice = voice;
  u.rate = rate;
  if (onEnd) {
    u.onend = () => onEnd();
    u.onerror = () => onEnd();
  }
  s.speak(u);
  return true;
}
