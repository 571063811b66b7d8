import { useId, useState } from 'react';
import type { TGrammarExample, TGrammarNote } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import './grammar-notes.css';

export interface TGrammarNotesProps {
  notes: readonly TGrammarNote[];
  /** Shows the example's word in the lesson text: highlights it, scrolls to it and moves focus there. */
  onShowExample: (example: TGrammarExample) => void;
}

/**
 * The lesson's grammar notes (docs/product.md, "Grammar notes"): collapsed to the list of topics until opened;
 * open, each note has its explanation, its table of forms and examples from the text, whose words are buttons
 * that show the word in the text. A polite live region says what was highlighted.
 */
export function GrammarNotes({ notes, onShowExample }: TGrammarNotesProps) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const show = (example: TGrammarExample) => {
    onShowExample(example);
    setAnnouncement(t('grammar.highlighted', { word: example.word }));
  };

  return (
    <section className="grammar-section" aria-labelledby={`${id}-h`}>
      <div className="lesson-section-head">
        <h2 id={`${id}-h`}>{t('grammar.title')}</h2>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('grammar.hide') : t('grammar.show')}
        </button>
      </div>
      {open ? null : (
        <p className="grammar-topics">
          {t('grammar.practises', { topics: listOf(notes.map((n) => n.title), t.locale) })}
        </p>
      )}
      {/* the notes are drawn when opened: closed, their tables and examples were hidden elements in the lesson's first render */}
      <div id={`${id}-body`} hidden={!open}>
        {open && notes.map((note, ni) => (
          <article key={note.topic} className="grammar-note" aria-labelledby={`${id}-${ni}-h`}>
            <h3 id={`${id}-${ni}-h`}>{note.title}</h3>
            <p className="grammar-explanation">{note.explanation}</p>
            {/* a wide table scrolls inside its own box, never the page; the box is focusable to scroll it by keyboard */}
            <div className="grammar-table-box" role="region" aria-labelledby={`${id}-${ni}-c`} tabIndex={0}>
              <table className="grammar-table">
                <caption id={`${id}-${ni}-c`}>{note.table.caption}</caption>
                <thead>
                  <tr>
                    {note.table.columns.map((c, ci) => (
                      <th key={ci} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {note.table.rows.map((row, ri) => (
                    <tr key={ri}>
                      <th scope="row">{row[0]}</th>
                      {row.slice(1).map((cell, ci) => (
                        <td key={ci} lang="pl">
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h4 className="grammar-examples-title">{t('grammar.inThisLesson')}</h4>
            <ul className="grammar-examples">
              {note.examples.map((ex, ei) => (
                <li key={ei}>
                  <button type="button" className="grammar-example-word" onClick={() => show(ex)}>
                    <span lang="pl">{ex.word}</span>
                    <span className="visually-hidden">: {t('grammar.showInText')}</span>
                  </button>{' '}
                  <span className="grammar-example-en">{ex.en}</span>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}
