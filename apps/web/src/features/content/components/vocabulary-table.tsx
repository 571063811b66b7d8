import type { TLessonResponse } from '@polski/contracts';

/** The lesson's words: Polish, part of speech, English. */
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
              <td>{v.pos}</td>
              <td>{v.en}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
