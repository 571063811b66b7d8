import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SPEECH_RATES, type TSpeech } from '../hooks/use-speech';
import { useT } from '../../../lib/i18n/i18n';
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

const rateLabel = (r: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r)}×`;

/**
 * Listen: the lesson's recording when it has one; otherwise (or when the recording fails) the browser's Polish
 * speech synthesis reads the text sentence by sentence, with play/pause/stop and a speed control.
 */
export function ListenPanel({ speech, sentenceCount, audioUrl, premium, prominent = false, note }: TListenPanelProps) {
  const t = useT();
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
        {t('player.title')}
      </h2>
      {note}
      {useRecording && audioUrl ? (
        premium && !blob.data ? (
          <p className="listen-note" role="status">
            {t('listen.loadingRecording')}
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
        <p className="listen-note">{t('listen.recordingFailed')}</p>
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
  const t = useT();
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
      {t('listen.cannotPlay')}
    </audio>
  );
}

function SpeechControls({ speech, sentenceCount }: { speech: TSpeech; sentenceCount: number }) {
  const t = useT();
  if (speech.support === 'unsupported') {
    return <p className="listen-note">{t('listen.unsupported')}</p>;
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
          {playing ? t('player.pause') : speech.status === 'paused' ? t('listen.resume') : t('player.play')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={speech.stop} disabled={speech.status === 'idle'}>
          <StopIcon />
          {t('listen.stop')}
        </button>
      </div>
      <p className="listen-status" aria-live="polite">
        {speech.current >= 0
          ? t(playing ? 'listen.reading' : 'listen.pausedAt', { n: speech.current + 1, total: sentenceCount })
          : t('listen.intro')}
      </p>
      {speech.support === 'no-voice' ? (
        <p className="listen-note">
          {t('listen.noVoice')}
        </p>
      ) : null}
    </>
  );
}

function RateSelect({ rate, onChange }: { rate: number; onChange: (rate: number) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="listen-rate">
      <label htmlFor={id}>{t('player.speed')}</label>
      <select id={id} value={String(rate)} onChange={(e) => onChange(Number(e.target.value))}>
        {SPEECH_RATES.map((r) => (
          <option key={r} value={String(r)}>
            {rateLabel(r, t.locale)}
            {r === 1 ? ` (${t('player.normalRate')})` : ''}
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
