import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { genderName, partOfSpeech, rich } from '../../../lib/i18n/ui';
import { InflectionTables, inflectionPos } from '../../inflection';
import { useSpeechSupport } from '../hooks/use-speech';
import { clipAudible, playClip, useWordAudioSource, wordClip, type TWordPlace } from '../player/word-audio';
import type { TWordInfo } from './word-annotation';

export interface TWordExplanationProps {
  word: string;
  info: TWordInfo;
  /** Where the word is in the text: its stretch of the lesson's audio, when the track has word timings. */
  place?: TWordPlace;
}

/** The inflection route's part of speech for an annotated word (a name declines as a noun), or null. */
function tablePos({ lexeme, token }: TWordInfo) {
  if (!token.tag) return null;
  if (lexeme.pos === 'name') return token.tag.startsWith('subst:') ? 'noun' : null;
  return inflectionPos(lexeme.pos);
}

/**
 * A word of the lesson explained from the lesson's own annotations (no request): the form it is in, its
 * dictionary form with the meaning in this sentence, gender or aspect and aspect partner, the phrase it belongs
 * to, a button that says it (docs/product.md, "The learning player": the vocabulary word's file, its stretch of the
 * lesson's audio, or the browser's Polish voice), and "All forms": the lemma's inflection table (loaded
 * on demand) with this form highlighted.
 */
export function WordExplanation({ word, info, place }: TWordExplanationProps) {
  const t = useT();
  const { token, lexeme, phrase } = info;
  const formsId = useId();
  const [formsShown, setFormsShown] = useState(false);
  const pos = tablePos(info);
  const meaning = token.meaning ?? lexeme.meaning;
  const grammar = [
    lexeme.gender ? genderName(t, lexeme.gender) : undefined,
    lexeme.aspect ? t('word.aspectVerb', { aspect: lexeme.aspect }) : undefined,
    lexeme.kind ? t('word.nameKind', { kind: lexeme.kind }) : undefined,
  ].filter(Boolean);
  return (
    <div className="word-explain">
      <p className="word-explain-form">{token.form}</p>
      <p className="word-explain-lemma">
        <strong lang="pl">{lexeme.lemma}</strong> <span className="word-popover-pos">{partOfSpeech(t, lexeme.pos)}</span>
        {': '}
        <span className="word-explain-meaning">{meaning}</span>
      </p>
      {grammar.length || lexeme.partner ? (
        <p className="word-explain-grammar">
          {grammar.join(', ')}
          {lexeme.partner ? (
            <>
              {grammar.length ? '; ' : ''}
              {rich(t('word.aspectPartner', { partner: lexeme.partner }), {
                0: (s) => <strong lang="pl">{s}</strong>,
              })}
            </>
          ) : null}
        </p>
      ) : null}
      {phrase ? (
        <p className="word-explain-phrase">
          {rich(t('word.partOf', { phrase: phrase.text, meaning: phrase.meaning }), {
            0: (s) => <strong lang="pl">{s}</strong>,
          })}
        </p>
      ) : null}
      <div className="word-explain-actions">
        <HearButton text={word} place={place} />
        <LemmaButton lemma={lexeme.lemma} form={word} />
        {pos ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-expanded={formsShown}
            aria-controls={formsId}
            onClick={() => setFormsShown((v) => !v)}
          >
            {formsShown ? t('word.hideForms') : t('word.allForms')}
          </button>
        ) : null}
      </div>
      {pos ? (
        <div id={formsId} className="word-explain-forms" hidden={!formsShown}>
          {formsShown ? <InflectionTables lemma={lexeme.lemma} pos={pos} tag={token.tag} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Hear it": the vocabulary word's file, else the word's stretch of the lesson's audio, else the browser's Polish
 * voice; says honestly when none of them can speak on this device.
 */
function HearButton({ text, place }: { text: string; place?: TWordPlace }) {
  const t = useT();
  const support = useSpeechSupport();
  const source = useWordAudioSource();
  const [failed, setFailed] = useState(false);
  const clip = wordClip(source, text, place);
  if (!clipAudible(clip, support === 'ready') || failed) {
    return (
      <span className="word-popover-muted word-explain-novoice">
        {support === 'unsupported' ? t('word.cannotReadAloud') : t('word.noPolishVoice')}
      </span>
    );
  }
  const hear = async () => {
    if (await playClip(clip)) return;
    // a file that does not play: the browser's voice, if it has one
    setFailed(!(support === 'ready' && (await playClip({ kind: 'speech', text }))));
  };
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-label={t('word.hear', { word: text })}
      data-clip={clip.kind}
      onClick={() => void hear()}
    >
      <span aria-hidden="true">🔊 </span>{t('word.hearIt')}
    </button>
  );
}

/** The dictionary form's own recording, when the lesson's vocabulary has it and the word is in another form. */
function LemmaButton({ lemma, form }: { lemma: string; form: string }) {
  const t = useT();
  const source = useWordAudioSource();
  const clip = wordClip(source ? { words: source.words, timed: [] } : null, lemma);
  if (clip.kind !== 'file' || lemma.toLocaleLowerCase('pl') === form.toLocaleLowerCase('pl')) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-label={t('word.hear', { word: lemma })}
      onClick={() => void playClip(clip)}
    >
      <span aria-hidden="true">🔊 </span>
      <span lang="pl">{lemma}</span>
    </button>
  );
}
