import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { HUBS, type THubId, type TImportKnownResponse, type TSavedWord } from '@polski/contracts';
import { lessonHref, paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { intlLocale, partOfSpeech, rich } from '../../../lib/i18n/ui';
import { useT } from '../../../lib/i18n/i18n';
import { useExportWords, type TExportFormat } from '../api/export-words';
import { useSavedWords } from '../api/get-saved-words';
import { useImportKnown } from '../api/import-known';
import { useUnsaveWord } from '../api/unsave-word';
import { intervalWords } from './intervals';
import { WordStatusPicker } from './word-status-picker';
import { STATE_ART, StateArt } from '../../../assets/illustrations/state-art';
import './words.css';

/** MAX_IMPORT_CHARS of libs/contracts learning.ts (the server checks it again). */
const MAX_IMPORT_CHARS = 60_000;

/**
 * My words (docs/product.md, "My words"): the saved words with their sentence, lesson, status and next review;
 * unsave, change the status, export (CSV, Anki) and import a known-words list.
 */
export function WordsPage() {
  const t = useT();
  const words = useSavedWords();
  const [now] = useState(() => Date.now());
  return (
    <div className="words-page">
      <ExportTools count={words.data?.length ?? 0} />
      <section aria-labelledby="words-saved-h">
        <h2 id="words-saved-h">
          {t('words.saved')}
          {words.data ? ` (${new Intl.NumberFormat(t.locale).format(words.data.length)})` : ''}
        </h2>
        {words.isPending ? (
          <p role="status">{t('words.loading')}</p>
        ) : words.isError ? (
          <div role="alert">
            <p>{t('words.loadFailed')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void words.refetch()}>
              {t('popover.tryAgain')}
            </button>
          </div>
        ) : words.data.length === 0 ? (
          <div className="words-empty">
            <StateArt src={STATE_ART.noSavedWords} />
            <p>
              <strong>{t('words.empty.title')}</strong> {t('words.empty.text', { save: t('words.save') })}
            </p>
            <p>
              <Link to={paths.learnPolish.getHref()}>{t('review.chooseLesson')}</Link>
            </p>
          </div>
        ) : (
          <>
            <p>
              <Link to={paths.review.getHref()}>{t('words.review')}</Link>
            </p>
            <ul className="words-list">
              {words.data.map((w) => (
                <SavedWordItem key={w.id} word={w} now={now} />
              ))}
            </ul>
          </>
        )}
      </section>
      <ImportKnown />
    </div>
  );
}

function SavedWordItem({ word, now }: { word: TSavedWord; now: number }) {
  const t = useT();
  const unsave = useUnsaveWord();
  const headingId = useId();
  const hub = HUBS.find((h) => h.id === word.hub);
  const due = new Date(word.due);
  return (
    <li className="words-item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span lang="pl">{word.lemma}</span>{' '}
        <span className="word-popover-pos">{partOfSpeech(t, word.pos)}</span>
      </h3>
      <p className="words-item-meta">
        {rich(t('words.metAs', { form: word.form, meaning: word.meaning }), {
          0: (s) => <strong lang="pl">{s}</strong>,
        })}
      </p>
      <p className="words-item-sentence" lang="pl">
        {word.sentence}
      </p>
      <p className="words-item-translation">{word.translation}</p>
      <p className="words-item-meta">
        {rich(t('words.from', { hub: hub?.title ?? word.hub, word: word.lemma }), {
          0: (s) => <Link to={lessonHref(word.hub as THubId, word.slug)}>{s}</Link>,
          1: (s) => <span className="visually-hidden">{s}</span>,
        })}{' '}
        {t('words.nextReview')}{' '}
        <time dateTime={word.due}>
          {due.getTime() <= now
            ? t('words.dueNow')
            : `${intervalWords(due, new Date(now), t.locale)} (${due.toLocaleDateString(intlLocale(t.locale), { dateStyle: 'medium' })})`}
        </time>
        .
      </p>
      <div className="words-item-foot">
        <WordStatusPicker
          lemma={word.lemma}
          value={word.status}
          label={t('words.statusOf', { word: word.lemma })}
        />
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={unsave.isPending}
          aria-label={t('words.unsaveWord', { word: word.lemma })}
          onClick={() => unsave.mutate(word.id)}
        >
          {t('words.unsave')}
        </button>
        {unsave.isError ? (
          <span className="words-error" role="alert">
            {t('words.removeFailed')}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function ExportTools({ count }: { count: number }) {
  const t = useT();
  const exporter = useExportWords();
  const [done, setDone] = useState<TExportFormat | null>(null);
  const run = (format: TExportFormat) => {
    setDone(null);
    exporter.mutate(format, { onSuccess: () => setDone(format) });
  };
  return (
    <section aria-labelledby="words-export-h">
      <h2 id="words-export-h">{t('words.export.title')}</h2>
      <p>{t('words.export.text', { csv: 'CSV', anki: 'Anki' })}</p>
      <div className="words-tools">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={exporter.isPending}
          onClick={() => run('csv')}
        >
          {t('words.export.csv', { csv: 'CSV' })}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={exporter.isPending}
          onClick={() => run('anki')}
        >
          {t('words.export.anki', { anki: 'Anki' })}
        </button>
      </div>
      <p role="status">
        {done
          ? t(count ? 'words.export.done' : 'words.export.doneStatuses', {
              file: done === 'csv' ? 'polski-words.csv' : 'polski-words.txt',
            })
          : ''}
      </p>
      {exporter.isError ? (
        <p className="words-error" role="alert">
          {t('words.export.failed')}
        </p>
      ) : null}
    </section>
  );
}

function ImportKnown() {
  const t = useT();
  const importer = useImportKnown();
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState<TImportKnownResponse | null>(null);
  const [fileError, setFileError] = useState('');
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setFileError('');
    if (!file) return;
    if (file.size > MAX_IMPORT_CHARS * 4) {
      setFileError(t('words.import.tooLarge', { chars: MAX_IMPORT_CHARS, words: 5000 }));
      return;
    }
    try {
      setText(await readText(file));
    } catch {
      setFileError(t('words.import.unreadable'));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    importer.mutate(text, { onSuccess: setResult });
  };
  const errors =
    importer.error instanceof ApiError && importer.error.messages.length ? importer.error.messages : null;
  return (
    <section className="words-import" aria-labelledby="words-import-h">
      <h2 id="words-import-h">{t('words.import.title')}</h2>
      <p>
        {rich(t('words.import.text', { lemma: 'pies', form: 'psa' }), {
          0: (s) => <i lang="pl">{s}</i>,
          1: (s) => <i lang="pl">{s}</i>,
        })}
      </p>
      <form onSubmit={submit}>
        <p>
          <label htmlFor={fileId}>{t('words.import.file')}</label>{' '}
          <input id={fileId} type="file" accept=".txt,.csv,text/plain" onChange={(e) => void onFile(e)} />
        </p>
        {fileError ? (
          <p className="words-error" role="alert">
            {fileError}
          </p>
        ) : null}
        <label htmlFor={textId}>{t('words.import.words')}</label>
        <textarea
          id={textId}
          lang="pl"
          value={text}
          maxLength={MAX_IMPORT_CHARS}
          onChange={(e) => setText(e.target.value)}
        />
        <p>
          <button type="submit" className="btn btn-primary" disabled={importer.isPending || !text.trim()}>
            {t('words.import.submit')}
          </button>
        </p>
      </form>
      {errors ? (
        <ul className="words-error" role="alert">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : importer.isError ? (
        <p className="words-error" role="alert">
          {t('words.import.failed')}
        </p>
      ) : null}
      <div role="status" className="words-import-result">
        {result ? <ImportResult result={result} /> : null}
      </div>
    </section>
  );
}

/** A chosen file's text (FileReader: File.text() is missing from some older browsers). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function ImportResult({ result }: { result: TImportKnownResponse }) {
  const t = useT();
  const lines = (list: TImportKnownResponse['invalid']) => (
    <ul>
      {list.slice(0, 50).map((l) => (
        <li key={l.line}>
          {t('words.import.line', { n: l.line })} <span lang="pl">{l.text}</span>
        </li>
      ))}
      {list.length > 50 ? <li>{t('words.import.more', { n: list.length - 50 })}</li> : null}
    </ul>
  );
  return (
    <>
      <p>
        {rich(
          t('words.import.result', {
            imported: result.imported,
            unchanged: result.unchanged,
            missing: result.notInDictionary.length,
            invalid: result.invalid.length,
          }),
          { 0: (s) => <strong>{s}</strong> },
        )}
      </p>
      {result.notInDictionary.length ? (
        <>
          <p>{t('words.import.notInDictionary')}</p>
          {lines(result.notInDictionary)}
        </>
      ) : null}
      {result.invalid.length ? (
        <>
          <p>{t('words.import.notAWord')}</p>
          {lines(result.invalid)}
        </>
      ) : null}
    </>
  );
}
