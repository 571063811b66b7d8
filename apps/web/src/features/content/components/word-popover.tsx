import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import {
  DEFAULT_NATIVE_LANGUAGE,
  NATIVE_LANGUAGE_CODES,
  type TDictionaryEntry,
  type TNativeLanguageCode,
} from '@polski/contracts';
import { hasErrorCode } from '../../../lib/api-client';
import { useT, type TTranslate } from '../../../lib/i18n/i18n';
import { partOfSpeech } from '../../../lib/i18n/ui';
import { useUser } from '../../../lib/session';
import { useWordLookup } from '../api/lookup-word';
import type { TWordPlace } from '../player/word-audio';
import type { TWordInfo } from './word-annotation';
import { WordExplanation } from './word-explanation';
import './word-popover.css';

const MAX_SENSES = 5;
const GAP_PX = 8;

export interface TWordPopoverProps {
  word: string;
  /** The word's button in the text: the popover sits under it and focus goes back to it on close. */
  anchor: HTMLElement;
  /** The word explained by the lesson's annotations; absent (an older answer): the dictionary look-up instead. */
  info?: TWordInfo | null;
  sentenceShown: boolean;
  /** Shows or hides the sentence's translation; absent while every translation is shown. */
  onToggleSentence?: () => void;
  /** `returnFocus`: put focus back on the word (Escape, the close button), not after a click elsewhere. */
  onClose: (returnFocus: boolean) => void;
  /** Where the word is in the text (its sentence and position): its stretch of the lesson's audio. */
  place?: TWordPlace;
  /** Plays the word's sentence in the lesson's player; absent without audio. */
  onPlaySentence?: () => void;
  /** What the lesson offers for the word besides its explanation: save it, its status (the words feature's). */
  actions?: ReactNode;
}

function nativeLanguage(code: string | null | undefined): TNativeLanguageCode {
  return code && (NATIVE_LANGUAGE_CODES as readonly string[]).includes(code)
    ? (code as TNativeLanguageCode)
    : DEFAULT_NATIVE_LANGUAGE;
}

/**
 * A word of the text explained: from the lesson's annotations when it has them (the form, the lemma and its
 * meaning here, gender or aspect, the phrase; no request), else its entry in the offline dictionary
 * (GET /api/dictionary/lookup): dictionary form, part of speech and meanings in the learner's language (English
 * where there is no dictionary for it yet). The sentence's translation on request. A non-modal dialog: focus moves in on open; Escape, the close button or a click
 * elsewhere closes it.
 */
export function WordPopover({
  word,
  anchor,
  info,
  sentenceShown,
  onToggleSentence,
  onClose,
  place,
  onPlaySentence,
  actions,
}: TWordPopoverProps) {
  const t = useT();
  const headingId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const lang = nativeLanguage(useUser()?.lang);
  const lookup = useWordLookup(word, lang, { enabled: !info });
  const needsEnglish = Boolean(
    !info && lookup.data && !lookup.data.dictionaryAvailable && lang !== DEFAULT_NATIVE_LANGUAGE,
  );
  const english = useWordLookup(word, DEFAULT_NATIVE_LANGUAGE, { enabled: needsEnglish });
  const shown = needsEnglish ? english : lookup;
  usePlacement(ref, anchor);

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // focus moves into the popover when it opens (and again when another word is chosen)
  useEffect(() => {
    ref.current?.focus();
  }, [word, anchor]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onCloseRef.current(true);
    };
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (!target || ref.current?.contains(target) || anchor.contains(target)) return;
      onCloseRef.current(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [anchor]);

  return (
    <div
      ref={ref}
      role="dialog"
      aria-labelledby={headingId}
      aria-describedby={bodyId}
      tabIndex={-1}
      className="word-popover"
      lang={t.locale}
      onBlur={(e) => {
        // Tab past the popover's last control closes it, as leaving a menu would
        const next = e.relatedTarget as Node | null;
        if (next && !ref.current?.contains(next) && next !== anchor) onClose(false);
      }}
    >
      <div className="word-popover-head">
        <h3 id={headingId} lang="pl">
          {word}
        </h3>
        <button type="button" className="word-popover-close" aria-label={t('modal.close')} onClick={() => onClose(true)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div id={bodyId} className="word-popover-body" aria-live="polite">
        {info ? (
          <WordExplanation word={word} info={info} place={place} />
        ) : lookup.isPending || (needsEnglish && english.isPending) ? (
          <p className="word-popover-muted" role="status">
            {t('popover.lookingUp')}
          </p>
        ) : lookup.isError || english.isError ? (
          <div role="alert" className="word-popover-error">
            <p>{failure(lookup.error ?? english.error, t)}</p>
            <button
              type="button"
              className="btn-link"
              onClick={() => void (lookup.isError ? lookup.refetch() : english.refetch())}
            >
              {t('popover.tryAgain')}
            </button>
          </div>
        ) : shown.data && shown.data.entries.length > 0 ? (
          <>
            {needsEnglish ? (
              <p className="word-popover-note">
                {t('popover.noDictionary', { language: languageLabel(lang, t.locale) })}
              </p>
            ) : null}
            <Entries entries={shown.data.entries} lang={shown.data.lang} />
          </>
        ) : (
          <p className="word-popover-muted">{t('popover.notInDictionary', { word })}</p>
        )}
      </div>
      {actions ? <div className="word-popover-actions">{actions}</div> : null}
      {onToggleSentence || onPlaySentence ? (
        <div className="word-popover-foot">
          {onToggleSentence ? (
            <button type="button" className="btn-link" aria-expanded={sentenceShown} onClick={onToggleSentence}>
              {sentenceShown ? t('popover.hideSentence') : t('popover.showSentence')}
            </button>
          ) : null}
          {onPlaySentence ? (
            <button type="button" className="btn-link" onClick={onPlaySentence}>
              {t('popover.playSentence')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Entries({ entries, lang }: { entries: TDictionaryEntry[]; lang: string }) {
  const t = useT();
  return (
    <ul className="word-popover-entries">
      {entries.map((e, i) => (
        <li key={`${e.lemma}-${e.pos}-${i}`}>
          <p className="word-popover-lemma">
            <strong lang="pl">{e.lemma}</strong> <span className="word-popover-pos">{partOfSpeech(t, e.pos)}</span>
            {e.ipa ? <span className="word-popover-ipa"> /{e.ipa}/</span> : null}
          </p>
          <p className="word-popover-senses" lang={lang}>
            {e.senses.slice(0, MAX_SENSES).join('; ')}
          </p>
        </li>
      ))}
    </ul>
  );
}

function failure(err: unknown, t: TTranslate): string {
  if (hasErrorCode(err, 'rate_limited') && err.messages.length) return err.messages[0];
  return t('popover.unreachable');
}

/** A language's name in the interface's language ("Deutsch" for German, "німецька" in Ukrainian). */
function languageLabel(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Under the word, within the positioned lesson text (the popover's offsetParent), never past its edges; placed
 * again when the window changes size. Set on the element before the browser paints. A phone's style sheet makes it
 * a bottom sheet instead.
 */
function usePlacement(ref: RefObject<HTMLDivElement | null>, anchor: HTMLElement) {
  useLayoutEffect(() => {
    const place = () => {
      const el = ref.current;
      const box = el?.offsetParent?.getBoundingClientRect();
      if (!el || !box) return;
      const a = anchor.getBoundingClientRect();
      const width = el.offsetWidth;
      const left = Math.max(0, Math.min(a.left - box.left + a.width / 2 - width / 2, box.width - width));
      el.style.top = `${a.bottom - box.top + GAP_PX}px`;
      el.style.left = `${left}px`;
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [ref, anchor]);
}
