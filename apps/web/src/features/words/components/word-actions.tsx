import type { THubId } from '@polski/contracts';
import { useUser } from '../../../lib/session';
import { useLessonStatuses } from '../api/get-lesson-statuses';
import { SaveWordToggle, type TWordPlace } from './save-word-toggle';
import { WordStatusPicker } from './word-status-picker';

export interface TWordActionsProps {
  hub: THubId;
  slug: string;
  word: TWordPlace;
  onSignIn: () => void;
}

/**
 * The word popover's part of the words feature: save or unsave the word, and its lemma's status (new, learning 1-4,
 * known, ignored), which the text shows at once. A visitor is offered the sign-in.
 */
export function WordActions({ hub, slug, word, onSignIn }: TWordActionsProps) {
  const user = useUser();
  const statuses = useLessonStatuses(hub, slug);
  return (
    <div className="word-actions">
      <SaveWordToggle hub={hub} slug={slug} word={word} onSignIn={onSignIn} />
      {user && statuses.data ? (
        <WordStatusPicker lemma={word.lemma} value={statuses.data.statuses[word.lemma]} />
      ) : null}
    </div>
  );
}
