import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../components/layouts/footer';
import { Navbar } from '../components/layouts/navbar';
import { isTranslatorPage } from '../config/paths';
import { withQueryClient } from '../lib/query-client-loader';
import { useCanonicalLink } from '../lib/use-canonical-link';

// the dialog (and its forms) loads on first use, keeping the home bundle small
const AuthModal = lazy(() => withQueryClient(() => import('../features/auth/components/auth-modal')));
// the floating translator of learning pages (not home): loaded when a page that shows it is first visited
const TranslatorBar = lazy(() =>
  withQueryClient(() => import('../features/translator/components/translator-bar')),
);
// asks for the payments configuration, with TanStack Query, which is not part of the shell
const TestModeGate = lazy(() => withQueryClient(() => import('../components/layouts/test-mode-gate')));

/**
 * Every page: skip link, the test-mode marker while payments are emulated, navigation bar, the page, footer; the
 * 'Log in or register' dialog on demand.
 */
export function RootLayout() {
  const [authOpen, setAuthOpen] = useState(false);
  const { pathname } = useLocation();
  const painted = useAfterFirstPaint();
  useCanonicalLink();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {painted ? (
        <Suspense fallback={null}>
          <TestModeGate />
        </Suspense>
      ) : null}
      <Navbar onSignIn={() => setAuthOpen(true)} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {painted && isTranslatorPage(pathname) ? (
        <Suspense fallback={null}>
          <TranslatorBar onSignIn={() => setAuthOpen(true)} />
        </Suspense>
      ) : null}
      {authOpen ? (
        <Suspense fallback={null}>
          <AuthModal open onClose={() => setAuthOpen(false)} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}

/**
 * False for the layout's first render, true just after it has been painted: the test-mode marker and the floating
 * translator load then, so that their code and requests do not compete with the page's own content.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPainted(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return painted;
}

export function RouteLoading() {
  return (
    <p className="route-loading" role="status">
      Loading…
    </p>
  );
}
