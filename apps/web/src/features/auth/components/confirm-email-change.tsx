import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { hasErrorCode } from '../../../lib/api-client';
import { useT, type TMessageKey } from '../../../lib/i18n/i18n';
import { session } from '../../../lib/session';
import { refreshStoredUser } from '../../../lib/user-refresh';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import './account-pages.css';

export interface TConfirmEmailChangeProps {
  /** From the emailed link; either may be missing when someone opens the page by hand. */
  token: string | null;
  userid: string | null;
  /** After a change while someone is signed in (the route refreshes the settings). */
  onChanged?: () => void;
}

type TState = 'pending' | 'done' | 'invalid' | 'taken' | 'failed';

const TEXT: Record<Exclude<TState, 'pending'>, TMessageKey> = {
  done: 'account2.confirm.done',
  invalid: 'account2.confirm.invalid',
  taken: 'account2.confirm.taken',
  failed: 'account2.confirm.failed',
};

/**
 * The page of the link sent to a new email address (docs/product.md, "Changing the password or the email
 * address"): it says truthfully whether the address changed. Unlike the confirm-email page (whose success text is
 * the spec's), a refused link is reported as refused. The call is made once per mount, also under StrictMode.
 */
export function ConfirmEmailChange({ token, userid, onChanged }: TConfirmEmailChangeProps) {
  const { mutateAsync } = useConfirmEmailChange();
  const t = useT();
  const [state, setState] = useState<TState>(token && userid ? 'pending' : 'invalid');
  const started = useRef(false);
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    onChangedRef.current = onChanged;
  });

  useEffect(() => {
    if (started.current || !token || !userid) return;
    started.current = true;
    void mutateAsync({ token, userid }).then(
      async () => {
        setState('done');
        if (session.get()) {
          // the stored user's email and the settings come from the server, whichever account the link was for
          await refreshStoredUser();
          onChangedRef.current?.();
        }
      },
      (err: unknown) => {
        if (hasErrorCode(err, 'email_taken')) setState('taken');
        else if (hasErrorCode(err, 'invalid_link', 'validation_failed')) setState('invalid');
        else {
          console.error('Confirming the new email address failed', err);
          setState('failed');
        }
      },
    );
  }, [token, userid, mutateAsync]);

  return (
    <div className="confirm-email" data-state={state}>
      {state === 'pending' ? (
        <p className="lead" role="status">
          {t('account2.confirm.pending')}
        </p>
      ) : (
        <p className="lead" role={state === 'done' ? 'status' : 'alert'}>
          {t(TEXT[state])}
        </p>
      )}
      <p>
        <Link to={paths.settings.getHref()} className="btn btn-primary">
          {t('account2.confirm.settings')}
        </Link>
      </p>
    </div>
  );
}
