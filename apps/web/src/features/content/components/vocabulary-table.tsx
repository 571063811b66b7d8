import type { ReactNode } from 'react';
import type { TLessonResponse } from '@polski/contracts';
import { aspectName, genderName, partOfSpeech, rich } from '../../../lib/i18n/ui';
import { useT } from '../../../lib/i18n/i18n';

type TItem = TLessonResponse['vocabulary'][number];

/** A noun's gender, or a verb's aspect and its partner (docs/content.md, "Word frequency and the vocabulary list"). */
function Grammar({ item }: { item: TItem }) {
  const t = useT();
  if (item.gender) return <span className="vocabulary-grammar">, {genderName(t, item.gender)}</span>;
  if (!item.aspect) return null;
  return (
    <span className="vocabulary-grammar">
      , {aspectName(t, item.aspect)}
      {item.partner ? (
        <>
          ; {rich(t('word.pair', { partner: item.partner }), { 0: (s) => <span lang="pl">{s}</span> })}
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
  const t = useT();
  return (
    <div className="table-scroll">
      <table className="vocabulary-table">
        <thead>
          <tr>
            <th scope="col">{t('vocabulary.polish')}</th>
            <th scope="col">{t('vocabulary.partOfSpeech')}</th>
            <th scope="col">{t('vocabulary.english')}</th>
            {renderAction ? (
              <th scope="col">
                <span className="visually-hidden">{t('vocabulary.save')}</span>
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
                {partOfSpeech(t, v.pos)}
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
