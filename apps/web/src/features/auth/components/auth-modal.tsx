import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { lessonAddress, paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth.css';

export interface TAuthModalProps {
  open: boolean;
  onClose: () => void;
  /** The form it opens with: 'login' (default) or 'register' (a visitor's "Join" on the home page). */
  view?: 'login' | 'register';
}

/**
 * 'Log in or register': the login form, switching to the 'Sign up' form with 'Create an Account'. A new account
 * made here is offered the welcome (/welcome: level and daily goal, then the right first lesson) once the form has
 * closed, unless the learner signed up on a lesson, where they stay to read it (docs/product.md, "Welcome after
 * sign-up").
 */
export function AuthModal({ open, onClose, view: initialView = 'login' }: TAuthModalProps) {
  const [view, setView] = useState<'login' | 'register'>(initialView);
  const t = useT();
  const signUpHeadingId = useId();
  const switched = useRef(false);
  // switching forms removes the focused button: give focus to the new form's first field
  useEffect(() => {
    if (!switched.current) {
      switched.current = true;
      return;
    }
    document.querySelector<HTMLElement>('.auth-dialog [data-autofocus]')?.focus();
  }, [view]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const registered = useRef(false);
  const close = () => {
    setView('login');
    onClose();
  };
  const closeAfterSignUp = () => {
    close();
    if (registered.current && !lessonAddress(pathname)) navigate(paths.welcome.getHref());
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={view === 'login' ? t('auth.dialog.title') : undefined}
      labelledBy={view === 'register' ? signUpHeadingId : undefined}
      className="auth-dialog"
    >
      {view === 'login' ? (
        <LoginForm onLoggedIn={close} onCreateAccount={() => setView('register')} onLeave={close} />
      ) : (
        <RegisterForm
          key="register"
          headingId={signUpHeadingId}
          onClose={closeAfterSignUp}
          onRegistered={() => {
            registered.current = true;
          }}
        />
      )}
    </Modal>
  );
}

export default AuthModal;
