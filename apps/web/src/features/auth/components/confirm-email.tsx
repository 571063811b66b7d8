import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { refreshStoredUser } from '../../../lib/user-refresh';
import { useConfirmEmail } from '../api/confirm-email';
import './account-pages.css';

export interface TConfirmEmailProps {
  /** From the emailed link; either may be missing when someone opens the page by hand. */
  token: string | null;
  userid: string | null;
  /** After a confirmation that succeeded while someone is signed in (the route refreshes the settings). */
  onConfirmed?: () => void;
}

/**
 * The email-confirmation landing page (docs/product.md, "Confirm-email page"): it always shows the success text
 * and the 'Email Confirmed' toast, even when the call fails; the server itself never confirms a bad token, and a
 * bad link still raises the central 400 toast with the server's reason. The call is made once per mount, also
 * under StrictMode (whose dev-only second effect run keeps the ref).
 */
export function ConfirmEmail({ token, userid, onConfirmed }: TConfirmEmailProps) {
  const { mutateAsync } = useConfirmEmail();
  const t = useT();
  const started = useRef(false);
  const onConfirmedRef = useRef(onConfirmed);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const confirm = async () => {
      if (!token || !userid) return false;
      try {
        await mutateAsync({ token, userid });
        return true;
      } catch {
        return false; // the central handling has already said why; the page stays as docs/product.md, "Confirm-email page", describes it
      }
    };
    void confirm().then(async (confirmed) => {
      toast.success(translate('auth.confirm.toast'));
      if (confirmed && session.get()) {
        // the stored user (emailConfirmed) and the settings come from the server, whichever account the link was for
        await refreshStoredUser();
        onConfirmedRef.current?.();
      }
    });
  }, [token, userid, mutateAsync]);

  return (
    <div className="confirm-email">
      <p className="lead">{t('auth.confirm.text')}</p>
      <p>
        <Link to={paths.learnPolish.getHref()} className="btn btn-primary">
          {t('auth.confirm.start')}
        </Link>
      </p>
    </div>
  );
}
