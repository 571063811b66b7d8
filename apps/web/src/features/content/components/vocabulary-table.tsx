import type { ReactNode } from 'react';
import type { TLessonResponse } from '@polski/contracts';

type TItem = TLessonResponse['vocabulary'][number];

/** A noun's gender, or a verb's aspect and its partner (docs/content.md, "Word frequency and the vocabulary list"). */
function Grammar({ item }: { item: TItem }) {
  if (item.gender) return <span className="vocabulary-grammar">, {item.gender}</span>;
  if (!item.aspect) return null;
  return (
    <span className="vocabulary-grammar">
      , {item.aspect}
      {item.partner ? (
        <>
          ; pair: <span lang="pl">{item.partner}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * The lesson's words: Polish, part of speech (with a noun's gender or a verb's aspect and partner), English; with
 * `renderAction`, a last column of what the lesson offers for each (save it: the words feature's toggle).
 */
export function VocabularyTable({
  items,
  renderAction,
}: {
  items: TLessonResponse['vocabulary'];
  renderAction?: (item: TItem, index: number) => ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="vocabulary-table">
        <thead>
          <tr>
            <th scope="col">Polish</th>
            <th scope="col">Part of speech</th>
            <th scope="col">English</th>
            {renderAction ? (
              <th scope="col">
                <span className="visually-hidden">Save</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {items.map((v, i) => (
            <tr key={i}>
              <th scope="row" lang="pl">
                {v.pl}
              </th>
              <td>
                {v.pos}
                <Grammar item={v} />
              </td>
              <td>{v.en}</td>
              {renderAction ? <td className="vocabulary-action">{renderAction(v, i)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
