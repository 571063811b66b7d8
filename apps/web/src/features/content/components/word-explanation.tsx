import { useState } from 'react';
import { speakOnce, useSpeechSupport } from '../hooks/use-speech';
import type { TWordInfo } from './word-annotation';

/** Parts of speech the paradigm file can decline or conjugate ("All forms"). */
export const INFLECTING_POS: readonly string[] = ['noun', 'adjective', 'pronoun', 'verb', 'numeral'];

export interface TWordExplanationProps {
  word: string;
  info: TWordInfo;
  /** Opens the word's inflection table ("All forms"); absent where there is none to show. */
  onAllForms?: () => void;
}

/**
 * A word of the lesson explained from the lesson's own annotations (no request): the form it is in, its
 * dictionary form with the meaning in this sentence, gender or aspect and aspect partner, the phrase it belongs
 * to, and a button that says it in the browser's Polish voice.
 */
export function WordExplanation({ word, info, onAllForms }: TWordExplanationProps) {
  const { token, lexeme, phrase } = info;
  const meaning = token.meaning ?? lexeme.meaning;
  const grammar = [
    lexeme.gender,
    lexeme.aspect ? `${lexeme.aspect} verb` : undefined,
    lexeme.kind ? `name of a ${lexeme.kind === 'other' ? 'thing' : lexeme.kind}` : undefined,
  ].filter(Boolean);
  return (
    <div className="word-explain">
      <p className="word-explain-form">{token.form}</p>
      <p className="word-explain-lemma">
        <strong lang="pl">{lexeme.lemma}</strong> <span className="word-popover-pos">{lexeme.pos}</span>
        {': '}
        <span className="word-explain-meaning">{meaning}</span>
      </p>
      {grammar.length || lexeme.partner ? (
        <p className="word-explain-grammar">
          {grammar.join(', ')}
          {lexeme.partner ? (
            <>
              {grammar.length ? '; ' : ''}aspect partner <strong lang="pl">{lexeme.partner}</strong>
            </>
          ) : null}
        </p>
      ) : null}
      {phrase ? (
        <p className="word-explain-phrase">
          Part of <strong lang="pl">{phrase.text}</strong>: {phrase.meaning}
        </p>
      ) : null}
      <div className="word-explain-actions">
        <HearButton text={word} />
        {onAllForms ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onAllForms}>
            All forms
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** "Hear it" in the browser's Polish voice; says honestly when the device has none. */
function HearButton({ text }: { text: string }) {
  const support = useSpeechSupport();
  const [failed, setFailed] = useState(false);
  if (support !== 'ready' || failed) {
    return (
      <span className="word-popover-muted word-explain-novoice">
        {support === 'unsupported' ? 'This browser cannot read aloud.' : 'No Polish voice on this device.'}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-label={`Hear “${text}”`}
      onClick={() => setFailed(!speakOnce(text))}
    >
      <span aria-hidden="true">🔊 </span>Hear it
    </button>
  );
}
