import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import {
  NATIVE_LANGUAGES,
  POLISH,
  TRANSLATION_MAX_LENGTH,
  languageName,
  type TTranslationLanguage,
  type TTranslationProviderName,
} from '@polski/contracts';
import { PremiumModal } from '../../../components/premium-modal';
import { useT, type TTranslate } from '../../../lib/i18n/i18n';
import { languageLabel } from '../../../lib/i18n/format';
import { rich } from '../../../lib/i18n/rich';
import { useUser } from '../../../lib/session';
import { useTranslate } from '../api/translate';
import { failureMessage, isPremiumRequired } from './failure-message';
import {
  chooseSource,
  chooseTarget,
  initialTranslatorState,
  switchDirection,
  type TTranslatorState,
} from './translator-state';
import './translator-bar.css';

const LANGUAGES: readonly { code: TTranslationLanguage; name: string }[] = [
  { code: POLISH, name: languageName(POLISH) },
  ...NATIVE_LANGUAGES,
];

const PROVIDER_LABEL = {
  deepl: 'translator.provider.deepl',
  google: 'translator.provider.google',
} as const satisfies Record<Exclude<TTranslationProviderName, 'dictionary'>, string>;

export interface TTranslatorBarProps {
  /** Opens the 'Log in or register' dialog (the bar's 'Log in' hint for a visitor). */
  onSignIn: () => void;
}

/**
 * The floating translator of learning pages (docs/product.md, "Translator bar"): collapsed to a 'SHOW TRANSLATOR'
 * button; open, it has the two language selects (one side always Polish), the switch, the text (at most 1,000
 * characters), 'Translate' and the results box. One translation runs at a time. A failure stores errorMessage and
 * clears the translation, and the results box says what went wrong (docs/product.md, "Translator bar", says why it
 * is shown); a visitor or a member without premium gets the premium modal.
 */
export function TranslatorBar({ onSignIn }: TTranslatorBarProps) {
  const t = useT();
  const user = useUser();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<TTranslatorState>(() => initialTranslatorState(user?.lang));
  const [answeredBy, setAnsweredBy] = useState<TTranslationProviderName | null>(null);
  const [premiumOpen, setPremiumOpen] = useState(false);
  const translate = useTranslate();
  const pending = translate.isPending;

  // a result belongs to the request it answers: a change of direction or text meanwhile makes it stale
  const requestSeq = useRef(0);
  const inFlight = useRef(false);
  const directionChosen = useRef(false);

  // a login (or a new native language in Settings) moves the default direction along, until the learner picks one
  const lang = user?.lang;
  useEffect(() => {
    if (directionChosen.current) return;
    const initial = initialTranslatorState(lang);
    setState((s) => ({
      ...s,
      sourceLanguage: initial.sourceLanguage,
      targetLanguage: initial.targetLanguage,
    }));
  }, [lang]);

  const setDirection = (d: Pick<TTranslatorState, 'sourceLanguage' | 'targetLanguage'>) => {
    directionChosen.current = true;
    requestSeq.current += 1;
    setAnsweredBy(null);
    setState((s) => ({ ...s, ...d, translation: '', errorMessage: '' }));
  };

  const fail = (errorMessage: string) => {
    setAnsweredBy(null);
    setState((s) => ({ ...s, translation: '', errorMessage }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return; // one translation at a time
    const inputText = state.inputText.trim();
    if (!inputText) return fail(t('translator.emptyInput'));
    if (!user) {
      // decisions.md, "Gated content": for anyone without premium, submitting opens the premium modal (its log-in
      // link serves members who are signed out; the bar's own hint offers it too)
      fail(t('translator.logInToTranslate'));
      setPremiumOpen(true);
      return;
    }
    const seq = ++requestSeq.current;
    inFlight.current = true;
    setState((s) => ({ ...s, errorMessage: '' }));
    translate.mutate(
      { inputText, sourceLanguage: state.sourceLanguage, targetLanguage: state.targetLanguage },
      {
        onSuccess: (answer) => {
          if (seq !== requestSeq.current) return;
          setAnsweredBy(answer.provider);
          setState((s) => ({ ...s, translation: answer.translation, errorMessage: '' }));
        },
        onError: (err) => {
          if (isPremiumRequired(err)) setPremiumOpen(true);
          if (seq === requestSeq.current) fail(failureMessage(err));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  // Ctrl+Enter (⌘+Enter) translates; Enter alone is a new line
  const onTextKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.currentTarget.form?.requestSubmit();
    }
  };

  useOpenLayout(open);

  const panelId = `${ids}-panel`;
  const counterId = `${ids}-counter`;
  return (
    <>
      <aside className={`translator${open ? ' is-open' : ''}`} aria-label={t('translator.label')}>
        <div className="translator-head">
          {open ? (
            <p className="translator-title">
              {t('translator.label')}{' '}
              <span className="translator-badge" title={t('translator.badgeTitle')}>
                Premium
              </span>
            </p>
          ) : null}
          <button
            type="button"
            className="translator-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            <TranslateIcon />
            {open ? t('translator.hide') : t('translator.show')}
          </button>
        </div>
        <div id={panelId} className="translator-panel" hidden={!open}>
          <form className="translator-form" onSubmit={submit} noValidate>
            <div className="translator-languages">
              <LanguageSelect
                id={`${ids}-source`}
                label={t('translator.from')}
                t={t}
                value={state.sourceLanguage}
                onChange={(code) => setDirection(chooseSource(state, code))}
              />
              <button
                type="button"
                className="translator-switch"
                aria-label={t('translator.switch')}
                title={t('translator.switch')}
                onClick={() => setDirection(switchDirection(state))}
              >
                <SwitchIcon />
              </button>
              <LanguageSelect
                id={`${ids}-target`}
                label={t('translator.to')}
                t={t}
                value={state.targetLanguage}
                onChange={(code) => setDirection(chooseTarget(state, code))}
              />
            </div>
            <div className="translator-input">
              <label htmlFor={`${ids}-text`} className="visually-hidden">
                {t('translator.textLabel', {
                  language: languageLabel(state.sourceLanguage, languageName(state.sourceLanguage), t.locale),
                })}
              </label>
              <textarea
                id={`${ids}-text`}
                value={state.inputText}
                placeholder={t('translator.placeholder')}
                maxLength={TRANSLATION_MAX_LENGTH}
                rows={3}
                lang={state.sourceLanguage}
                aria-describedby={counterId}
                onChange={(e) => {
                  const inputText = e.target.value;
                  setState((s) => ({ ...s, inputText }));
                }}
                onKeyDown={onTextKeyDown}
              />
              <span id={counterId} className="translator-counter">
                {state.inputText.length} / {TRANSLATION_MAX_LENGTH}
                <span className="visually-hidden"> {t('translator.characters')}</span>
              </span>
            </div>
            <div className="translator-actions">
              {user ? null : (
                <p className="translator-hint">
                  {rich(t('translator.hint'), {
                    0: (c) => (
                      <button type="button" className="btn-link" onClick={onSignIn}>
                        {c}
                      </button>
                    ),
                  })}
                </p>
              )}
              <button type="submit" className="btn btn-primary translator-submit" disabled={pending}>
                {t('translator.submit')}
              </button>
            </div>
          </form>
          <div
            className="translator-result"
            role="region"
            aria-label={t('translator.result')}
            aria-live="polite"
            aria-busy={pending}
          >
            {pending ? (
              <p className="translator-pending">{t('translator.pending')}</p>
            ) : state.errorMessage ? (
              <p role="alert" className="translator-error">
                {state.errorMessage}
              </p>
            ) : state.translation && answeredBy === 'dictionary' ? (
              // dictionary mode (no provider key on the server): said as plainly as the answer is shown
              <>
                <p className="translator-mode">
                  <span className="translator-badge">{t('translator.dictionary.label')}</span>{' '}
                  <span>{t('translator.dictionary.explanation')}</span>
                </p>
                {/* its lines mix Polish headwords and their meanings: no single language to mark */}
                <p className="translator-output">{state.translation}</p>
              </>
            ) : state.translation ? (
              <>
                <p className="translator-output" lang={state.targetLanguage}>
                  {state.translation}
                </p>
                {answeredBy && answeredBy !== 'dictionary' ? (
                  <p className="translator-provider">{t(PROVIDER_LABEL[answeredBy])}</p>
                ) : null}
              </>
            ) : (
              <p className="translator-placeholder">{t('translator.resultPlaceholder')}</p>
            )}
          </div>
        </div>
      </aside>
      <PremiumModal open={premiumOpen} onClose={() => setPremiumOpen(false)} onSignIn={onSignIn} />
    </>
  );
}

/**
 * The open translator's place on the page (translator-bar.css): `translator-open` on the root element lets the page
 * make room for the side panel (wide screens) or below itself for the bottom sheet (narrow ones). On opening as a
 * sheet, the sentence being read is scrolled above the sheet if the sheet would hide it: the one read aloud, else
 * the last one the learner touched or focused (a word tapped), else the first one in view.
 */
function useOpenLayout(open: boolean) {
  const lastTouched = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const note = (e: Event) => {
      const sentence =
        e.target instanceof Element ? e.target.closest<HTMLElement>('.lesson-text .sentence') : null;
      if (sentence) lastTouched.current = sentence;
    };
    document.addEventListener('pointerdown', note, true);
    document.addEventListener('focusin', note, true);
    return () => {
      document.removeEventListener('pointerdown', note, true);
      document.removeEventListener('focusin', note, true);
    };
  }, []);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('translator-open', open);
    if (open) keepSentenceAboveSheet(lastTouched.current);
    return () => root.classList.remove('translator-open');
  }, [open]);
}

function keepSentenceAboveSheet(touched: HTMLElement | null) {
  const sheet = document.querySelector<HTMLElement>('.translator.is-open');
  if (!sheet || typeof window.matchMedia !== 'function' || !window.matchMedia('(max-width: 64rem)').matches)
    return;
  const sheetTop = sheet.getBoundingClientRect().top;
  const headerBottom = document.querySelector('header.site-header')?.getBoundingClientRect().bottom ?? 0;
  const inView = (el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    return r.bottom > headerBottom && r.top < window.innerHeight;
  };
  const sentence =
    document.querySelector<HTMLElement>('.lesson-text .sentence.is-reading') ??
    (touched?.isConnected && inView(touched) ? touched : null) ??
    [...document.querySelectorAll<HTMLElement>('.lesson-text .sentence')].find(
      (el) => el.getBoundingClientRect().top >= headerBottom,
    );
  if (!sentence) return;
  const box = sentence.getBoundingClientRect();
  const room = 8;
  if (box.top >= headerBottom + room && box.bottom <= sheetTop - room) return;
  // below the sheet's top: up until its bottom is just above the sheet (its top no higher than under the header);
  // above the header: down until its top is just under it
  const delta =
    box.bottom > sheetTop - room
      ? Math.min(box.bottom - sheetTop + room * 2, box.top - headerBottom - room)
      : box.top - headerBottom - room;
  window.scrollBy({ top: delta, behavior: 'instant' });
}

function LanguageSelect({
  id,
  label,
  value,
  onChange,
  t,
}: {
  id: string;
  label: string;
  t: TTranslate & { readonly locale: string };
  value: TTranslationLanguage;
  onChange: (code: TTranslationLanguage) => void;
}) {
  return (
    <div className="translator-language">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as TTranslationLanguage)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {languageLabel(l.code, l.name, t.locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

function TranslateIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M4 5h9M8.5 3v2m2.5 0c-.8 3.6-3.2 6.6-6.5 8.3M6.5 9c1 1.8 2.6 3.3 4.5 4.2M13 21l4-9 4 9m-6.8-3h5.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function SwitchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 8h14m0 0l-4-4m4 4l-4 4M20 16H6m0 0l4-4m-4 4l4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export default TranslatorBar;
