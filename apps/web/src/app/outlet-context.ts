import { useOutletContext } from 'react-router';

/** What the root layout gives its pages (root-layout.tsx). */
export interface TRootOutletContext {
  /** Opens the 'Log in or register' dialog. */
  onSignIn: () => void;
  /** Opens the same dialog with its 'Sign up' form. */
  onSignUp: () => void;
}

const noop = () => undefined;

/** The root layout's sign-in: pages offer it where a feature needs an account (saving a word, the review). */
export function useSignIn(): () => void {
  return useOutletContext<TRootOutletContext | undefined>()?.onSignIn ?? noop;
}
