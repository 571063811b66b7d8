import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { HUBS, type THubId, type TImportKnownResponse, type TSavedWord } from '@polski/contracts';
import { lessonHref, paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useExportWords, type TExportFormat } from '../api/export-words';
import { useSavedWords } from '../api/get-saved-words';
import { useImportKnown } from '../api/import-known';
import { useUnsaveWord } from '../api/unsave-word';
import { intervalWords } from './intervals';
import { WordStatusPicker } from './word-status-picker';
import './words.css';

/** MAX_IMPORT_CHARS of libs/contracts learning.ts (the server checks it again). */
const MAX_IMPORT_CHARS = 60_000;

/**
 * My words (docs/product.md, "My words"): the saved words with their sentence, lesson, status and next review;
 * unsave, change the status, export (CSV, Anki) and import a known-words list.
 */
export function WordsPage() {
  const words = useSavedWords();
  const [now] = useState(() => Date.now());
  return (
    <div className="words-page">
      <ExportTools count={words.data?.length ?? 0} />
      <section aria-labelledby="words-saved-h">
        <h2 id="words-saved-h">Saved words{words.data ? ` (${words.data.length})` : ''}</h2>
        {words.isPending ? (
          <p role="status">Loading your words…</p>
        ) : words.isError ? (
          <div role="alert">
            <p>Your words could not be loaded.</p>
            <button type="button" className="btn btn-secondary" onClick={() => void words.refetch()}>
              Try again
            </button>
          </div>
        ) : words.data.length === 0 ? (
          <div className="words-empty">
            <p>
              <strong>No saved words yet.</strong> Open a lesson, tap a word and choose “Save word” (or save
              it from the lesson’s vocabulary list). Saved words come back in your daily review.
            </p>
            <p>
              <Link to={paths.learnPolish.getHref()}>Choose a lesson</Link>
            </p>
          </div>
        ) : (
          <>
            <p>
              <Link to={paths.review.getHref()}>Review your words</Link>
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
  const unsave = useUnsaveWord();
  const headingId = useId();
  const hub = HUBS.find((h) => h.id === word.hub);
  const due = new Date(word.due);
  return (
    <li className="words-item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span lang="pl">{word.lemma}</span> <span className="word-popover-pos">{word.pos}</span>
      </h3>
      <p className="words-item-meta">
        Met as <strong lang="pl">{word.form}</strong>: {word.meaning}
      </p>
      <p className="words-item-sentence" lang="pl">
        {word.sentence}
      </p>
      <p className="words-item-translation">{word.translation}</p>
      <p className="words-item-meta">
        From{' '}
        <Link to={lessonHref(word.hub as THubId, word.slug)}>
          a lesson of {hub?.title ?? word.hub}{' '}
          <span className="visually-hidden">(where you saved {word.lemma})</span>
        </Link>
        . Next review:{' '}
        <time dateTime={word.due}>
          {due.getTime() <= now
            ? 'due now'
            : `${intervalWords(due, new Date(now))} (${due.toLocaleDateString('en-GB', { dateStyle: 'medium' })})`}
        </time>
        .
      </p>
      <div className="words-item-foot">
        <WordStatusPicker lemma={word.lemma} value={word.status} label={`Status of ${word.lemma}`} />
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={unsave.isPending}
          aria-label={`Unsave ${word.lemma}`}
          onClick={() => unsave.mutate(word.id)}
        >
          Unsave
        </button>
        {unsave.isError ? (
          <span className="words-error" role="alert">
            The word could not be removed. Please try again.
          </span>
        ) : null}
      </div>
    </li>
  );
}

function ExportTools({ count }: { count: number }) {
  const exporter = useExportWords();
  const [done, setDone] = useState<TExportFormat | null>(null);
  const run = (format: TExportFormat) => {
    setDone(null);
    exporter.mutate(format, { onSuccess: () => setDone(format) });
  };
  return (
    <section aria-labelledby="words-export-h">
      <h2 id="words-export-h">Export</h2>
      <p>
        Your saved words and every word’s status, as a spreadsheet (CSV) or as a file Anki imports (File ›
        Import; front: the word, back: its meaning, with the sentence and tags).
      </p>
      <div className="words-tools">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={exporter.isPending}
          onClick={() => run('csv')}
        >
          Export CSV
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={exporter.isPending}
          onClick={() => run('anki')}
        >
          Export for Anki
        </button>
      </div>
      <p role="status">
        {done
          ? `Downloaded ${done === 'csv' ? 'polski-words.csv' : 'polski-words.txt'}${count ? '' : ' (no saved words yet: statuses only)'}.`
          : ''}
      </p>
      {exporter.isError ? (
        <p className="words-error" role="alert">
          The export failed. Please try again.
        </p>
      ) : null}
    </section>
  );
}

function ImportKnown() {
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
      setFileError('That file is too large: at most 60,000 characters (about 5,000 words).');
      return;
    }
    try {
      setText(await readText(file));
    } catch {
      setFileError('That file could not be read. Is it a text file?');
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
      <h2 id="words-import-h">Import words you know</h2>
      <p>
        Coming from another app? Paste your known words, one dictionary form per line (for example{' '}
        <i lang="pl">pies</i>, not <i lang="pl">psa</i>), or choose a text file. They are marked as known in
        every lesson; lines starting with # are skipped.
      </p>
      <form onSubmit={submit}>
        <p>
          <label htmlFor={fileId}>Text file (optional)</label>{' '}
          <input id={fileId} type="file" accept=".txt,.csv,text/plain" onChange={(e) => void onFile(e)} />
        </p>
        {fileError ? (
          <p className="words-error" role="alert">
            {fileError}
          </p>
        ) : null}
        <label htmlFor={textId}>Known words, one per line</label>
        <textarea
          id={textId}
          lang="pl"
          value={text}
          maxLength={MAX_IMPORT_CHARS}
          onChange={(e) => setText(e.target.value)}
        />
        <p>
          <button type="submit" className="btn btn-primary" disabled={importer.isPending || !text.trim()}>
            Import known words
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
          The import failed. Please try again.
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
  const lines = (list: TImportKnownResponse['invalid']) => (
    <ul>
      {list.slice(0, 50).map((l) => (
        <li key={l.line}>
          line {l.line}: <span lang="pl">{l.text}</span>
        </li>
      ))}
      {list.length > 50 ? <li>and {list.length - 50} more</li> : null}
    </ul>
  );
  return (
    <>
      <p>
        <strong>Imported: {result.imported}</strong> marked as known. Unchanged: {result.unchanged} (already
        known or ignored). Not in the dictionary: {result.notInDictionary.length}. Not a word:{' '}
        {result.invalid.length}.
      </p>
      {result.notInDictionary.length ? (
        <>
          <p>Not in our dictionary (check the spelling, or use the dictionary form):</p>
          {lines(result.notInDictionary)}
        </>
      ) : null}
      {result.invalid.length ? (
        <>
          <p>Not a word (letters only, one word or expression per line):</p>
          {lines(result.invalid)}
        </>
      ) : null}
    </>
  );
}
