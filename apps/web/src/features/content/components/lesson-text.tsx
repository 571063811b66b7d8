import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TAnnotations, TSentence, TWordStatusValue } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { translationLang } from '../../../lib/i18n/translation-lang';
import { splitWords, type TTextPiece } from './split-words';
import { statusClass, type TStatusCode } from './word-status-marks';
import { annotateSentences, tokenIndexOfWord, type TLessonWordRef, type TWordInfo } from './word-annotation';
import { WordPopover } from './word-popover';

export interface TLessonTextProps {
  paragraphs: readonly { sentences: readonly TSentence[] }[];
  /** Every translation shown (the "Show translations" toggle). */
  showAll: boolean;
  /** Index of the sentence being read aloud, counted through all paragraphs; -1 for none. */
  current?: number;
  /** The lesson answer's word annotations (one block per sentence); without them a word opens the look-up. */
  annotations?: TAnnotations;
  /**
   * A grammar note's example shown in the text (docs/product.md, "Grammar notes"): the characters `start`-`end` of
   * sentence `sentence` (counted through all paragraphs) are highlighted, scrolled to and focused; a new `seq`
   * moves there again.
   */
  highlight?: TTextHighlight | null;
  /** The word being said in sentence `current` (its position among the sentence's words), -1 for none. */
  currentWord?: number;
  /**
   * The lesson has audio (docs/product.md, "The learning player"): each sentence gets a play mark and the word
   * popover "Play the sentence"; both play the sentence (its index through all paragraphs) from its start.
   */
  onPlaySentence?: (sentence: number) => void;
  /**
   * The signed-in learner's word statuses by lemma (docs/product.md, "Word statuses in the text"): a lemma absent
   * is new. Undefined (a visitor, or not loaded yet): the words are not marked.
   */
  statuses?: Readonly<Record<string, TWordStatusValue>>;
  /** What the word popover offers about the word besides its explanation (save it, its status). */
  renderWordActions?: (word: TLessonWordRef) => ReactNode;
  /** The answer's `lang` and `fallback`: the language of each sentence's translation (English without them). */
  translations?: { lang?: string; fallback?: readonly string[] };
}


function statusCode(info: TWordInfo | undefined, statuses: Readonly<Record<string, TWordStatusValue>>): TStatusCode {
  if (!info) return '';
  const value = statuses[info.lexeme.lemma];
  if (!value) return 'n';
  if (value.status === 'learning') return String(value.stage ?? 1) as TStatusCode;
  return '';
}

/** The marks a screen reader describes after a marked word (the marks are not colour alone: see lesson.css). */
const STATUS_CODES: readonly Exclude<TStatusCode, ''>[] = ['n', '1', '2', '3', '4'];

export interface TTextHighlight {
  sentence: number;
  start: number;
  end: number;
  seq: number;
}

interface TOpenWord {
  word: string;
  /** Index of the word through the whole text. */
  index: number;
  sentence: number;
  anchor: HTMLElement;
}

/**
 * The Polish text by paragraph and sentence. Each word is a button (one tab stop for the text; the arrow keys,
 * Home and End move between words; click, tap, Enter or Space opens it) opening a popover that explains the word
 * from the annotations (or the dictionary look-up without them) and shows or hides the sentence's English
 * translation. Dialogue turns show their speaker.
 */
export function LessonText({
  paragraphs,
  showAll,
  current = -1,
  annotations,
  highlight = null,
  currentWord = -1,
  onPlaySentence,
  statuses,
  renderWordActions,
  translations,
}: TLessonTextProps) {
  const t = useT();
  const statusId = useId();
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  const [openWord, setOpenWord] = useState<TOpenWord | null>(null);
  const [tabStop, setTabStop] = useState(0);
  const textRef = useRef<HTMLDivElement>(null);
  const toggle = (i: number) =>
    setRevealed((old) => {
      const next = new Set(old);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  // sentence numbers run on through the paragraphs, as the speech reader counts them; words likewise
  const offsets = paragraphs.map((_, pi) => paragraphs.slice(0, pi).reduce((n, p) => n + p.sentences.length, 0));
  const pieces = useMemo(() => paragraphs.map((p) => p.sentences.map((s) => splitWords(s.pl))), [paragraphs]);
  const infos = useMemo(
    () =>
      annotateSentences(
        paragraphs.flatMap((p) => p.sentences.map((s) => s.pl)),
        annotations,
      ),
    [paragraphs, annotations],
  );
  const wordOffsets = useMemo(() => {
    const out: number[][] = [];
    let n = 0;
    for (const paragraph of pieces) {
      const row: number[] = [];
      for (const sentence of paragraph) {
        row.push(n);
        n += sentence.filter((x) => x.kind === 'word').length;
      }
      out.push(row);
    }
    return out;
  }, [pieces]);

  // each sentence's words' status marks as one string, so a sentence re-renders only when one of its own changes
  const statusCodes = useMemo(
    () =>
      statuses
        ? infos.map((words) => (words ? words.map((w) => statusCode(w, statuses)).join(',') : ''))
        : null,
    [infos, statuses],
  );

  // a grammar example: bring its word into view and focus it (it becomes the text's tab stop)
  useEffect(() => {
    const mark = highlight ? textRef.current?.querySelector<HTMLElement>('[data-grammar-mark]') : null;
    if (!mark) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    mark.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    mark.focus({ preventScroll: true });
  }, [highlight]);

  const popover = openWord;
  const openAt = useCallback(
    (word: string, wordIndex: number, sentence: number, anchor: HTMLElement) =>
      setOpenWord((o) => (o?.index === wordIndex ? null : { word, index: wordIndex, sentence, anchor })),
    [],
  );
  const closeWord = (returnFocus: boolean) => {
    const anchor = openWord?.anchor;
    setOpenWord(null);
    if (returnFocus && anchor?.isConnected) anchor.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (!target.classList.contains('word') || !textRef.current) return;
    const words = Array.from(textRef.current.querySelectorAll<HTMLButtonElement>('button.word'));
    const i = words.indexOf(target as HTMLButtonElement);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: words.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const to = Math.max(0, Math.min(next, words.length - 1));
    words[to]?.focus();
    setTabStop(to);
  };

  return (
    <div
      ref={textRef}
      className={`lesson-text is-lookup${showAll ? ' show-all' : ''}`}
      lang="pl"
      onKeyDown={onKeyDown}
    >
      {paragraphs.map((p, pi) => {
        const first = offsets[pi];
        const isDialogue = p.sentences.some((s) => s.speaker);
        const items = p.sentences.map((s, si) => {
          const index = first + si;
          const shown = showAll || revealed.has(index);
          const firstWord = wordOffsets[pi][si];
          const words = pieces[pi][si];
          const count = words.filter((x) => x.kind === 'word').length;
          // a sentence re-renders only when its own words change state (a tap keeps the rest of the text as it is)
          const mine = (i: number) => (i >= firstWord && i < firstWord + count ? i : -1);
          return (
            <Sentence
              key={index}
              index={index}
              sentence={s}
              translationLanguage={translationLang(translations, `p${pi}.s${si}`)}
              shown={shown}
              active={current === index}
              spoken={current === index ? currentWord : -1}
              onPlay={onPlaySentence}
              dialogue={isDialogue}
              mark={highlight?.sentence === index ? highlight : undefined}
              pieces={words}
              first={firstWord}
              tabStop={mine(tabStop)}
              open={mine(popover?.index ?? -1)}
              onFocus={setTabStop}
              onOpen={openAt}
              statusCodes={statusCodes?.[index] ?? ''}
              statusId={statusId}
            />
          );
        });
        return isDialogue ? (
          <div key={pi} className="lesson-paragraph lesson-dialogue">
            {items}
          </div>
        ) : (
          <p key={pi} className="lesson-paragraph">
            {items}
          </p>
        );
      })}
      {statusCodes ? (
        <div hidden>
          {STATUS_CODES.map((code) => (
            <span key={code} id={`${statusId}-${code}`}>
              {code === 'n' ? t('lesson.status.new') : t('lesson.status.learning', { stage: code, stages: 4 })}
            </span>
          ))}
        </div>
      ) : null}
      {popover ? (
        <WordPopover
          key={popover.index}
          word={popover.word}
          anchor={popover.anchor}
          info={infos[popover.sentence]?.[popover.index - flatWordStart(wordOffsets, popover.sentence)] ?? null}
          sentenceShown={showAll || revealed.has(popover.sentence)}
          onToggleSentence={showAll ? undefined : () => toggle(popover.sentence)}
          onClose={closeWord}
          place={{
            sentence: popover.sentence,
            ordinal: popover.index - flatWordStart(wordOffsets, popover.sentence),
          }}
          onPlaySentence={onPlaySentence ? () => onPlaySentence(popover.sentence) : undefined}
          actions={renderWordActions ? wordActions(popover, infos, wordOffsets, paragraphs, renderWordActions) : null}
        />
      ) : null}
    </div>
  );
}

/** The popover's word as the saved-words routes address it, and what the lesson offers for it; null without annotations. */
function wordActions(
  popover: TOpenWord,
  infos: readonly (TWordInfo[] | null)[],
  wordOffsets: number[][],
  paragraphs: TLessonTextProps['paragraphs'],
  render: (word: TLessonWordRef) => ReactNode,
): ReactNode {
  const ordinal = popover.index - flatWordStart(wordOffsets, popover.sentence);
  const info = infos[popover.sentence]?.[ordinal];
  if (!info) return null;
  let p = 0;
  let s = popover.sentence;
  while (p < paragraphs.length && s >= paragraphs[p].sentences.length) s -= paragraphs[p++].sentences.length;
  const text = paragraphs[p]?.sentences[s]?.pl;
  const t = text === undefined ? -1 : tokenIndexOfWord(text, ordinal);
  if (t < 0) return null;
  return render({ lemma: info.lexeme.lemma, form: popover.word, p, s, t });
}

interface TSentenceWords {
  pieces: TTextPiece[];
  /** Index (through the whole text) of this sentence's first word. */
  first: number;
  /** The one word that Tab reaches, if it is in this sentence, else -1. */
  tabStop: number;
  /** The word whose entry is open, if it is in this sentence, else -1. */
  open: number;
  /** The word being said (its position among the sentence's words), else -1. */
  spoken: number;
  onFocus: (index: number) => void;
  onOpen: (word: string, index: number, anchor: HTMLElement) => void;
  /** The sentence's words' status marks, comma-separated in word order ('' everywhere: no marks). */
  statusCodes: string;
  /** The prefix of the status descriptions' ids. */
  statusId: string;
}

type TMark = { start: number; end: number };

/** Index (through the whole text) of the first word of sentence `sentence` (counted through the paragraphs). */
function flatWordStart(wordOffsets: number[][], sentence: number): number {
  return wordOffsets.flat()[sentence] ?? 0;
}

const Sentence = memo(function Sentence({
  index,
  sentence,
  translationLanguage,
  shown,
  active,
  dialogue,
  mark,
  onOpen,
  onPlay,
  ...words
}: Omit<TSentenceWords, 'onOpen'> & {
  index: number;
  sentence: TSentence;
  /** The language of the sentence's translation. */
  translationLanguage: string;
  shown: boolean;
  active: boolean;
  onPlay?: (sentence: number) => void;
  dialogue: boolean;
  mark?: TMark;
  onOpen: (word: string, wordIndex: number, sentence: number, anchor: HTMLElement) => void;
}) {
  const t = useT();
  const play = onPlay ? (
    <button
      type="button"
      className="sentence-play"
      tabIndex={-1}
      aria-label={t('lesson.playSentence', { n: index + 1 })}
      lang={t.locale}
      onClick={() => onPlay(index)}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M7 4.5v15l13-7.5z" fill="currentColor" />
      </svg>
    </button>
  ) : null;
  const polish = (
    <span className="sentence-words">
      <SentenceWords
        {...words}
        mark={mark}
        onOpen={(word, wordIndex, anchor) => onOpen(word, wordIndex, index, anchor)}
      />
    </span>
  );
  const body = (
    <>
      {play}
      {polish}
      {shown ? (
        <span className="sentence-en" lang={translationLanguage}>
          {sentence.en}
        </span>
      ) : null}
    </>
  );
  if (dialogue) {
    return (
      <p className={`sentence dialogue-turn${active ? ' is-reading' : ''}`} aria-current={active ? 'true' : undefined}>
        {sentence.speaker ? <span className="dialogue-speaker">{sentence.speaker}:</span> : null}{' '}
        <span className="dialogue-line">{body}</span>
      </p>
    );
  }
  return (
    <span className={`sentence${active ? ' is-reading' : ''}`} aria-current={active ? 'true' : undefined}>
      {body}{' '}
    </span>
  );
});

function SentenceWords({
  pieces,
  first,
  tabStop,
  open,
  spoken,
  onFocus,
  onOpen,
  mark,
  statusCodes,
  statusId,
}: TSentenceWords & { mark?: TMark }) {
  const codes = statusCodes ? statusCodes.split(',') : [];
  let at = 0; // where the piece starts in the sentence, to find the words a grammar example marks
  return pieces.map((piece, i) => {
    if (piece.kind === 'other') {
      at += piece.text.length;
      return <span key={i}>{piece.text}</span>;
    }
    const start = at + piece.before.length;
    at = start + piece.text.length + piece.after.length;
    const marked = mark !== undefined && start < mark.end && start + piece.text.length > mark.start;
    const index = first + piece.ordinal;
    const code = codes[piece.ordinal] ?? '';
    return (
      <span key={i} className="word-group">
        {piece.before}
        <button
          type="button"
          className={`word${marked ? ' grammar-mark' : ''}${piece.ordinal === spoken ? ' is-spoken' : ''}${statusClass(code)}`}
          data-grammar-mark={marked ? '' : undefined}
          aria-describedby={code ? `${statusId}-${code}` : undefined}
          tabIndex={index === tabStop ? 0 : -1}
          aria-haspopup="dialog"
          aria-expanded={index === open}
          onFocus={() => onFocus(index)}
          onClick={(e) => onOpen(piece.text, index, e.currentTarget)}
        >
          {piece.text}
        </button>
        {piece.after}
      </span>
    );
  });
}
