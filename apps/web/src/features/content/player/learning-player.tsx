import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { TMedia, TMediaSpeed } from '@polski/contracts';
import { useT, type TMessageKey } from '../../../lib/i18n/i18n';
import { voiceText } from '../../../lib/i18n/ui';
import { useMediaSession } from './media-session';
import { PLAYER_RATES, clock } from './timeline';
import type { TLearningPlayer } from './use-learning-player';
import './learning-player.css';

export interface TLearningPlayerProps {
  player: TLearningPlayer;
  media: Pick<TMedia, 'voiceLabel' | 'source' | 'provider'>;
  /** The lesson's or episode's title: the lock screen shows it. */
  title: string;
  /** How many sentences the text has (the live region says "Sentence 3 of 12"). */
  sentenceCount: number;
  /** What a "sentence" is called here ("line" in a podcast transcript). */
  unit?: 'sentence' | 'line';
}

/** The keyboard shortcuts (docs/product.md, "The learning player"); none clashes with the text's arrows or Escape. */
export const PLAYER_SHORTCUTS: readonly { keys: string[]; what: TMessageKey }[] = [
  { keys: ['k'], what: 'player.keys.playPause' },
  { keys: ['j'], what: 'player.keys.previous' },
  { keys: ['l'], what: 'player.keys.next' },
  { keys: ['r'], what: 'player.keys.replay' },
  { keys: ['o'], what: 'player.keys.loop' },
  { keys: ['p'], what: 'player.keys.autoPause' },
  { keys: ['['], what: 'player.keys.slower' },
  { keys: [']'], what: 'player.keys.faster' },
  { keys: ['s'], what: 'player.keys.recording' },
  { keys: ['?'], what: 'player.keys.help' },
];

const SPEED_LABEL: Record<TMediaSpeed, TMessageKey> = { normal: 'player.speed.normal', slow: 'player.speed.slow' };
const rateLabel = (r: number, locale: string) => `${new Intl.NumberFormat(locale).format(r)}×`;

/** Whether a key press belongs to a field or a control that uses letters (then the player leaves it alone). */
function typingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return Boolean(el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"][aria-modal="true"]'));
}

/**
 * The learning player's controls (docs/product.md, "The learning player"): sticky at the bottom of the screen while
 * the text is read, a one-line mini player on a phone (the rest behind "More"). The voice that speaks is named.
 */
export function LearningPlayer({ player, media, title, sentenceCount, unit = 'sentence' }: TLearningPlayerProps) {
  const t = useT();
  const id = useId();
  const [more, setMore] = useState(false);
  const [help, setHelp] = useState(false);
  const hasTimings = player.timed.length > 0;
  // the element's ref callback on its own (a value passed as `ref` is a ref to the linter, and so would be `player`)
  const { attachAudio } = player;
  const voice = voiceText(t, media);

  useMediaSession(
    {
      title,
      artist: voice,
      album: 'Polski Stories',
      playing: player.playing,
      durationMs: player.durationMs,
      positionMs: player.currentMs,
      rate: player.rate,
      play: player.play,
      pause: player.pause,
      seek: player.seek,
      previous: player.previous,
      next: player.next,
    },
    true,
  );

  // the shortcuts, while the player is on the page
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingTarget(e.target)) return;
    const p = player;
    const actions: Record<string, () => void> = {
      k: p.toggle,
      j: p.previous,
      l: p.next,
      r: p.replay,
      o: () => p.setLoop(!p.loop),
      p: () => p.setAutoPause(!p.autoPause),
      '[': () => p.stepRate(-1),
      ']': () => p.stepRate(1),
      s: () => p.setSpeed(p.speeds.find((x) => x !== p.speed) ?? p.speed),
      '?': () => setHelp((h) => !h),
    };
    const action = actions[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (!action || (e.key.toLowerCase() === 's' && p.speeds.length < 2)) return;
    e.preventDefault();
    action();
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const heard =
    player.sentence >= 0 ? t('player.where', { unit, n: player.sentence + 1, total: sentenceCount }) : '';
  return (
    <section className={`learning-player${more ? ' is-expanded' : ''}`} aria-labelledby={`${id}-h`}>
      <audio ref={attachAudio} src={player.track?.url} preload="metadata" className="learning-player-audio">
        {t('player.cannotPlay')}
      </audio>
      <div className="learning-player-head">
        <h2 id={`${id}-h`} className="learning-player-title">
          {t('player.title')}
        </h2>
        <p className="learning-player-voice" data-source={media.source}>
          {voice}
        </p>
        <p className="learning-player-where" aria-live="polite" aria-atomic="true">
          {heard}
        </p>
      </div>

      <div className="learning-player-main">
        <button
          type="button"
          className="player-btn"
          aria-label={t('player.previous', { unit })}
          disabled={!hasTimings}
          onClick={player.previous}
        >
          <Icon d="M6 5h2v14H6zM20 5v14L9 12z" />
        </button>
        <button
          type="button"
          className="player-btn player-btn-play"
          aria-label={player.playing ? t('player.pause') : t('player.play')}
          onClick={player.toggle}
        >
          {player.playing ? <Icon d="M6 4h4v16H6zM14 4h4v16h-4z" /> : <Icon d="M7 4.5v15l13-7.5z" />}
        </button>
        <button
          type="button"
          className="player-btn"
          aria-label={t('player.next', { unit })}
          disabled={!hasTimings}
          onClick={player.next}
        >
          <Icon d="M16 5h2v14h-2zM4 5v14l11-7z" />
        </button>
        <button
          type="button"
          className="player-btn"
          aria-label={t('player.replay', { unit })}
          disabled={!hasTimings}
          onClick={player.replay}
        >
          <Icon d="M12 5V1L7 6l5 5V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z" />
        </button>
        <input
          type="range"
          className="learning-player-seek"
          aria-label={t('player.position')}
          min={0}
          max={Math.max(1, player.durationMs)}
          step={100}
          value={Math.min(player.currentMs, player.durationMs || player.currentMs)}
          aria-valuetext={t('player.positionValue', { at: clock(player.currentMs), total: clock(player.durationMs) })}
          onChange={(e) => player.seek(Number(e.target.value))}
        />
        <span className="learning-player-time" aria-hidden="true">
          {clock(player.currentMs)} / {clock(player.durationMs)}
        </span>
        <button
          type="button"
          className="player-btn learning-player-more-btn"
          aria-expanded={more}
          aria-controls={`${id}-more`}
          aria-label={t('player.more')}
          onClick={() => setMore((m) => !m)}
        >
          <Icon d="M5 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" />
        </button>
      </div>

      <div id={`${id}-more`} className="learning-player-more">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-pressed={player.loop}
          disabled={!hasTimings}
          onClick={() => player.setLoop(!player.loop)}
        >
          {t('player.loop', { unit })}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-pressed={player.autoPause}
          disabled={!hasTimings}
          onClick={() => player.setAutoPause(!player.autoPause)}
        >
          {t('player.autoPause', { unit })}
        </button>
        <label className="learning-player-rate">
          {t('player.speed')}
          <select value={String(player.rate)} onChange={(e) => player.setRate(Number(e.target.value))}>
            {PLAYER_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {rateLabel(r, t.locale)}
                {r === 1 ? ` (${t('player.normalRate')})` : ''}
              </option>
            ))}
          </select>
        </label>
        {player.speeds.length > 1 ? (
          <div className="learning-player-tracks" role="group" aria-label={t('player.recording')}>
            {player.speeds.map((s) => (
              <button
                key={s}
                type="button"
                className="btn btn-secondary btn-sm"
                aria-pressed={player.speed === s}
                onClick={() => player.setSpeed(s)}
              >
                {t(SPEED_LABEL[s])}
              </button>
            ))}
          </div>
        ) : null}
        <button
          type="button"
          className="btn-link learning-player-help-btn"
          aria-expanded={help}
          aria-controls={`${id}-keys`}
          onClick={() => setHelp((h) => !h)}
        >
          {t('player.shortcuts')} (?)
        </button>
      </div>
      <div id={`${id}-keys`} className="learning-player-keys" hidden={!help}>
        <h3>{t('player.shortcuts')}</h3>
        <dl>
          {PLAYER_SHORTCUTS.map((s) => (
            <div key={s.what}>
              <dt>
                {s.keys.map((k) => (
                  <kbd key={k}>{k}</kbd>
                ))}
              </dt>
              <dd>{t(s.what)}</dd>
            </div>
          ))}
        </dl>
        <p>{t('player.shortcutsNote')}</p>
      </div>
    </section>
  );
}


function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}
