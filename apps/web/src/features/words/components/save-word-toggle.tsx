import type { THubId } from '@polski/contracts';
import { hasErrorCode } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { useUser } from '../../../lib/session';
import { useSavedWords } from '../api/get-saved-words';
import { useSaveWord } from '../api/save-word';
import { useUnsaveWord } from '../api/unsave-word';
import './words.css';

/** A word of a lesson, where the save route finds it (docs/api.md, "Learning"). */
export interface TWordPlace {
  lemma: string;
  form: string;
  p: number;
  s: number;
  t: number;
}

export interface TSaveWordToggleProps {
  hub: THubId;
  slug: string;
  word: TWordPlace;
  /** Opens 'Log in or register' (a visitor is offered the sign-in instead of saving). */
  onSignIn: () => void;
  /** In the vocabulary list: the lemma joins the button's name ("Save word: kot"). */
  named?: boolean;
}

/**
 * "Save word" / "Saved": saves the word at its place in the lesson, or unsaves it (the lemma's saved word, which may
 * have been saved from another form or lesson). A visitor gets the sign-in. A premium lesson's words can only be
 * saved by a learner who can read it: the lesson is not shown to others, and the server refuses them anyway.
 */
export function SaveWordToggle({ hub, slug, word, onSignIn, named = false }: TSaveWordToggleProps) {
  const t = useT();
  const user = useUser();
  const list = useSavedWords();
  const save = useSaveWord();
  const unsave = useUnsaveWord();
  const suffix = named ? (
    <span className="visually-hidden" lang="pl">
      : {word.lemma}
    </span>
  ) : null;
  if (!user) {
    return (
      <button
        type="button"
        className="btn btn-secondary btn-sm save-word"
        aria-haspopup="dialog"
        onClick={onSignIn}
      >
        <span aria-hidden="true">☆ </span>
        <span className="save-word-label">
          {named ? (
            <>
              {t('words.logInToSave')}
              {suffix}
            </>
          ) : (
            t('words.logInToSaveThis')
          )}
        </span>
      </button>
    );
  }
  const saved = list.data?.find((w) => w.lemma === word.lemma);
  const busy = list.isPending || save.isPending || unsave.isPending;
  const toggle = () => {
    if (saved) unsave.mutate(saved.id);
    else save.mutate({ hub, slug, p: word.p, s: word.s, t: word.t });
  };
  return (
    <span className="save-word-wrap">
      <button
        type="button"
        className={`btn btn-sm save-word${saved ? ' is-saved btn-primary' : ' btn-secondary'}`}
        aria-pressed={Boolean(saved)}
        disabled={busy}
        onClick={toggle}
      >
        <span aria-hidden="true">{saved ? '★ ' : '☆ '}</span>
        <span className="save-word-label">
          {saved ? t('words.isSaved') : t('words.save')}
          {suffix}
        </span>
      </button>
      {save.isError ? (
        <span className="words-error" role="alert">
          {hasErrorCode(save.error, 'premium_required') ? t('words.premiumOnly') : t('words.saveFailed')}
        </span>
      ) : unsave.isError ? (
        <span className="words-error" role="alert">
          {t('words.removeFailed')}
        </span>
      ) : null}
    </span>
  );
}
