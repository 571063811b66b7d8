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

/** The lesson's words: Polish, part of speech (with a noun's gender or a verb's aspect and partner), English. */
export function VocabularyTable({ items }: { items: TLessonResponse['vocabulary'] }) {
  return (
    <div className="table-scroll">
      <table className="vocabulary-table">
        <thead>
          <tr>
            <th scope="col">Polish</th>
            <th scope="col">Part of speech</th>
            <th scope="col">English</th>
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
