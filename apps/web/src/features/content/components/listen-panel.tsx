import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SPEECH_RATES, type TSpeech } from '../hooks/use-speech';
import { useLessonAudio } from '../api/get-lesson-audio';

export interface TListenPanelProps {
  speech: TSpeech;
  sentenceCount: number;
  /** The lesson's recording, when it has one. */
  audioUrl?: string;
  /** Premium audio is fetched with the token and played from a blob URL. */
  premium: boolean;
  /** Listening mode: a bigger panel first on the page. */
  prominent?: boolean;
  /** Why the lesson's own audio is not playing (being prepared, failed to load), shown under the title. */
  note?: ReactNode;
}

const rateLabel = (r: number) => `${r.toFixed(1)}×`;

/**
 * Listen: the lesson's recording when it has one; otherwise (or when the recording fails) the browser's Polish
 * speech synthesis reads the text sentence by sentence, with play/pause/stop and a speed control.
 */
export function ListenPanel({ speech, sentenceCount, audioUrl, premium, prominent = false, note }: TListenPanelProps) {
  const headingId = useId();
  const [audioFailed, setAudioFailed] = useState(false);
  const blob = useLessonAudio(audioUrl, { enabled: premium && !audioFailed });
  const useRecording = Boolean(audioUrl) && !audioFailed && !(premium && blob.isError);

  return (
    <section className={`listen-panel${prominent ? ' is-prominent' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="listen-title">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M4 9v6h4l5 4V5L8 9H4zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z"
            fill="currentColor"
          />
        </svg>
        Listen
      </h2>
      {note}
      {useRecording && audioUrl ? (
        premium && !blob.data ? (
          <p className="listen-note" role="status">
            Loading the recording…
          </p>
        ) : (
          <Recording
            src={premium ? null : audioUrl}
            blob={premium ? (blob.data ?? null) : null}
            rate={speech.rate}
            onFail={() => setAudioFailed(true)}
          />
        )
      ) : (
        <SpeechControls speech={speech} sentenceCount={sentenceCount} />
      )}
      {audioUrl && !useRecording ? (
        <p className="listen-note">The recording could not be loaded, so your browser’s voice reads the lesson.</p>
      ) : null}
      <RateSelect rate={speech.rate} onChange={speech.setRate} />
    </section>
  );
}

function Recording({
  src,
  blob,
  rate,
  onFail,
}: {
  src: string | null;
  blob: Blob | null;
  rate: number;
  onFail: () => void;
}) {
  const attachAudio = useRef<HTMLAudioElement | null>(null);
  // the blob URL lives as long as the element that plays it (a ref callback with cleanup, React 19)
  const attach = useCallback(
    (el: HTMLAudioElement | null) => {
      attachAudio.current = el;
      if (!el || !blob) return;
      const url = URL.createObjectURL(blob);
      el.src = url;
      return () => {
        URL.revokeObjectURL(url);
      };
    },
    [blob],
  );
  useEffect(() => {
    const el = attachAudio.current;
    if (!el) return;
    el.defaultPlaybackRate = rate;
    el.playbackRate = rate;
  }, [rate]);
  return (
    <audio
      ref={attach}
      className="listen-audio"
      controls
      preload="metadata"
      src={src ?? undefined}
      onError={onFail}
      onLoadedMetadata={(e) => {
        e.currentTarget.playbackRate = rate;
      }}
    >
      Your browser cannot play this recording.
    </audio>
  );
}

function SpeechControls({ speech, sentenceCount }: { speech: TSpeech; sentenceCount: number }) {
  if (speech.support === 'unsupported') {
    return <p className="listen-note">Your browser cannot read text aloud. Try a current Chrome, Edge, Safari or Firefox.</p>;
  }
  const playing = speech.status === 'playing';
  return (
    <>
      <div className="listen-controls">
        <button
          type="button"
          className="btn btn-primary"
          onClick={playing ? speech.pause : speech.play}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
          {playing ? 'Pause' : speech.status === 'paused' ? 'Resume' : 'Play'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={speech.stop} disabled={speech.status === 'idle'}>
          <StopIcon />
          Stop
        </button>
      </div>
      <p className="listen-status" aria-live="polite">
        {speech.current >= 0
          ? `${playing ? 'Reading' : 'Paused at'} sentence ${speech.current + 1} of ${sentenceCount}`
          : 'Your browser’s Polish voice reads the text, sentence by sentence.'}
      </p>
      {speech.support === 'no-voice' ? (
        <p className="listen-note">
          No Polish voice is installed in this browser, so the text may be read with another language’s voice. Add a
          Polish voice in your system’s speech settings for the right pronunciation.
        </p>
      ) : null}
    </>
  );
}

function RateSelect({ rate, onChange }: { rate: number; onChange: (rate: number) => void }) {
  const id = useId();
  return (
    <div className="listen-rate">
      <label htmlFor={id}>Speed</label>
      <select id={id} value={String(rate)} onChange={(e) => onChange(Number(e.target.value))}>
        {SPEECH_RATES.map((r) => (
          <option key={r} value={String(r)}>
            {rateLabel(r)}
            {r === 1 ? ' (normal)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M7 4.5v15l13-7.5-13-7.5z" fill="currentColor" />
  </svg>
);
const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" />
  </svg>
);
const StopIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <rect x="5" y="5" width="14" height="14" rx="1.5" fill="currentColor" />
  </svg>
);
