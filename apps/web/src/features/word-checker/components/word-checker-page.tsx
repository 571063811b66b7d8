import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_NATIVE_LANGUAGE,
  NATIVE_LANGUAGES,
  NATIVE_LANGUAGE_CODES,
  WORD_CHECK_MAX_LENGTH,
  languageName,
  type TDictionaryMeaning,
  type TNativeLanguageCode,
  type TWordCheckResult,
} from '@polski/contracts';
import { hasErrorCode } from '../../../lib/api-client';
import { languageLabel } from '../../../lib/i18n/format';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { rich } from '../../../lib/i18n/rich';
import { useUser } from '../../../lib/session';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useWordCheck } from '../api/check-words';
import { AllForms } from './all-forms';
import { replaceWord } from './replace-word';
import './word-checker.css';

/** The first check after the server starts waits for the spelling dictionary to load. */
const SLOW_AFTER_MS = 2000;
const MAX_SENSES = 6;
const EXAMPLES = ['zolw', 'dziekuje', 'kota', 'Mieszkam w Krakowie'] as const;

const isNativeLanguage = (code: string | null | undefined): code is TNativeLanguageCode =>
  Boolean(code) && (NATIVE_LANGUAGE_CODES as readonly string[]).includes(code as string);

/**
 * /word-checker (public): a Polish word or short phrase in, each word's verdict out: ✓ with its dictionary form and
 * meanings in the learner's language, or ✗ with ranked suggestions that replace the word and check again. The text
 * checked is in the address (?q=), so a check can be shared and Back goes to the previous one.
 */
export function WordCheckerPage() {
  const t = useT();
  // document.title: what a search engine or a tab shows
  usePageMeta(t('wordChecker.title'), t('wordChecker.description'));
  const user = useUser();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const checked = (params.get('q') ?? '').trim().slice(0, WORD_CHECK_MAX_LENGTH);
  const [text, setText] = useState(checked);
  const [formError, setFormError] = useState('');
  const [lang, setLang] = useState<TNativeLanguageCode>(() =>
    isNativeLanguage(user?.lang) ? user.lang : DEFAULT_NATIVE_LANGUAGE,
  );
  const langChosen = useRef(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // Back and Forward change the address: the field follows
  const [shownFor, setShownFor] = useState(checked);
  if (shownFor !== checked) {
    setShownFor(checked);
    setText(checked);
  }
  // signing in brings the learner's native language, unless one was chosen here
  const storedLang = user?.lang;
  useEffect(() => {
    if (!langChosen.current && isNativeLanguage(storedLang)) setLang(storedLang);
  }, [storedLang]);

  const check = (value: string) => setParams(value ? { q: value } : {});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return setFormError(translate('wordChecker.emptyWord'));
    setFormError('');
    check(value);
  };

  const applySuggestion = (index: number, suggestion: string) => {
    const next = replaceWord(checked, index, suggestion);
    setText(next);
    check(next);
    // the suggestion's button goes away with the old results: keep the learner's place
    resultsHeading.current?.focus();
  };

  const inputId = `${ids}-text`;
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  return (
    <div className="page container word-checker">
      <h1>{t('wordChecker.heading')}</h1>
      <p className="lead">{t('wordChecker.lead')}</p>

      <form
        className="wc-form"
        onSubmit={submit}
        noValidate
        role="search"
        aria-label={t('wordChecker.formLabel')}
      >
        <div className="field wc-field">
          <label htmlFor={inputId}>{t('wordChecker.field')}</label>
          <div className="wc-input-row">
            <input
              id={inputId}
              type="text"
              lang="pl"
              value={text}
              maxLength={WORD_CHECK_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('wordChecker.placeholder', { example: 'zolw' })}
              aria-invalid={formError ? true : undefined}
              aria-describedby={formError ? `${errorId} ${hintId}` : hintId}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              {t('wordChecker.check')}
            </button>
          </div>
          <p id={hintId} className="wc-hint">
            {t('wordChecker.hint', { max: WORD_CHECK_MAX_LENGTH })}
          </p>
          {formError ? (
            <p id={errorId} className="field-error">
              {formError}
            </p>
          ) : null}
        </div>
        <div className="field wc-lang">
          <label htmlFor={`${ids}-lang`}>{t('wordChecker.meaningsIn')}</label>
          <select
            id={`${ids}-lang`}
            value={lang}
            onChange={(e) => {
              langChosen.current = true;
              setLang(e.target.value as TNativeLanguageCode);
            }}
          >
            {NATIVE_LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {languageLabel(l.code, l.name, t.locale)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {checked ? (
        <section className="wc-results" aria-labelledby={`${ids}-results`}>
          <h2 id={`${ids}-results`} ref={resultsHeading} tabIndex={-1}>
            {rich(t('wordChecker.resultsFor', { text: checked }), { 0: (c) => <span lang="pl">{c}</span> })}
          </h2>
          <Results text={checked} lang={lang} onSuggestion={applySuggestion} />
        </section>
      ) : (
        <section className="wc-empty" aria-label={t('wordChecker.examples')}>
          <p>{t('wordChecker.tryThese')}</p>
          <ul className="wc-examples">
            {EXAMPLES.map((x) => (
              <li key={x}>
                <button
                  type="button"
                  className="btn btn-secondary wc-btn-sm"
                  lang="pl"
                  onClick={() => check(x)}
                >
                  {x}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Results({
  text,
  lang,
  onSuggestion,
}: {
  text: string;
  lang: TNativeLanguageCode;
  onSuggestion: (index: number, suggestion: string) => void;
}) {
  const t = useT();
  const query = useWordCheck(text, lang);
  // no dictionary in the chosen language: the verdicts stand, the meanings come in English
  const needsEnglish = Boolean(
    query.data && !query.data.dictionaryAvailable && lang !== DEFAULT_NATIVE_LANGUAGE,
  );
  const english = useWordCheck(needsEnglish ? text : '', DEFAULT_NATIVE_LANGUAGE);

  if (query.isPending) return <Checking />;
  if (query.isError) {
    const err = query.error;
    const message =
      hasErrorCode(err, 'rate_limited', 'validation_failed') && err.messages.length
        ? err.messages.join(' ')
        : t('wordChecker.unreachable');
    return (
      <div className="wc-error" role="alert">
        <p>{message}</p>
        <button type="button" className="btn btn-secondary wc-btn-sm" onClick={() => void query.refetch()}>
          {t('wordChecker.tryAgain')}
        </button>
      </div>
    );
  }

  const { words } = query.data;
  if (words.length === 0) {
    return (
      <p className="wc-status" role="status">
        {t('wordChecker.noWords')}
      </p>
    );
  }
  const wrong = words.filter((w) => !w.correct).length;
  const meaningsOf = (i: number): TDictionaryMeaning[] | undefined =>
    needsEnglish ? english.data?.words[i]?.meanings : words[i].meanings;
  const meaningsLang = needsEnglish ? DEFAULT_NATIVE_LANGUAGE : lang;
  return (
    <>
      <p className="wc-summary" role="status">
        {words.length === 1
          ? wrong
            ? t('wordChecker.oneWrong')
            : t('wordChecker.oneCorrect')
          : wrong
            ? t('wordChecker.someWrong', { count: words.length, wrong })
            : t('wordChecker.allCorrect', { count: words.length })}
      </p>
      {needsEnglish ? (
        <p className="wc-note">
          {t('wordChecker.noDictionary', { language: languageLabel(lang, languageName(lang), t.locale) })}
        </p>
      ) : null}
      <ol className="wc-list">
        {words.map((w, i) => (
          <WordResult
            key={`${i}-${w.word}`}
            result={w}
            meanings={meaningsOf(i)}
            meaningsLang={meaningsLang}
            meaningsPending={needsEnglish && english.isPending}
            onSuggestion={(s) => onSuggestion(i, s)}
          />
        ))}
      </ol>
    </>
  );
}

function WordResult({
  result,
  meanings,
  meaningsLang,
  meaningsPending,
  onSuggestion,
}: {
  result: TWordCheckResult;
  meanings: TDictionaryMeaning[] | undefined;
  meaningsLang: TNativeLanguageCode;
  meaningsPending: boolean;
  onSuggestion: (suggestion: string) => void;
}) {
  const t = useT();
  if (!result.correct) {
    return (
      <li className="wc-word is-wrong">
        <p className="wc-word-head">
          <span className="wc-mark" aria-hidden="true">
            ✗
          </span>
          <strong lang="pl">{result.word}</strong>
          <span className="wc-verdict">{t('wordChecker.notInDictionary')}</span>
        </p>
        {result.suggestions.length ? (
          <div className="wc-suggestions">
            <p>{t('wordChecker.didYouMean')}</p>
            <ul>
              {result.suggestions.map((s) => (
                <li key={s}>
                  <button
                    type="button"
                    className="wc-suggestion"
                    lang="pl"
                    title={t('wordChecker.replace', { word: result.word, suggestion: s })}
                    onClick={() => onSuggestion(s)}
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="wc-muted">{t('wordChecker.noSuggestions')}</p>
        )}
      </li>
    );
  }
  const lemmaDiffers = result.lemma && result.lemma.toLowerCase() !== result.word.toLowerCase();
  return (
    <li className="wc-word is-correct">
      <p className="wc-word-head">
        <span className="wc-mark" aria-hidden="true">
          ✓
        </span>
        <strong lang="pl">{result.word}</strong>
        <span className="wc-verdict">{t('wordChecker.correct')}</span>
      </p>
      {lemmaDiffers ? (
        <p className="wc-lemma">
          {t('wordChecker.dictionaryForm')} <strong lang="pl">{result.lemma}</strong>
        </p>
      ) : null}
      {meaningsPending ? (
        <p className="wc-muted">{t('wordChecker.lookingUp')}</p>
      ) : meanings?.length ? (
        <dl className="wc-meanings">
          {meanings.map((m, j) => (
            <div key={j}>
              <dt>{m.pos}</dt>
              <dd lang={meaningsLang}>{m.senses.slice(0, MAX_SENSES).join('; ')}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="wc-muted">{t('wordChecker.noMeaning')}</p>
      )}
      <AllForms word={result.word} lemma={result.lemma} meanings={meanings ?? result.meanings} />
    </li>
  );
}

/** The loading state; after SLOW_AFTER_MS it says why the first check can take a while. */
function Checking() {
  const t = useT();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="wc-status" role="status">
      <span className="wc-spinner" aria-hidden="true" />
      <p>
        {t('wordChecker.checking')}
        {slow ? <span className="wc-slow"> {t('wordChecker.slow')}</span> : null}
      </p>
    </div>
  );
}
