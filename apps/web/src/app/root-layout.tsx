import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Navbar } from '../components/layouts/navbar';
import { isTranslatorPage } from '../config/paths';
import { ensureCatalogue, useT } from '../lib/i18n/i18n';
import { withQueryClient } from '../lib/query-client-loader';
import { useCanonicalLink } from '../lib/use-canonical-link';
import type { TRootOutletContext } from './outlet-context';

// the dialog (and its forms) loads on first use, keeping the home bundle small
const AuthModal = lazy(() =>
  withQueryClient(() => withCatalogue(import('../features/auth/components/auth-modal'))),
);
// the floating translator of learning pages (not home): loaded when a page that shows it is first visited
const TranslatorBar = lazy(() =>
  withQueryClient(() => import('../features/translator/components/translator-bar')),
);
// below the fold: the footer and its texts load after the first paint (docs/performance.md, the home budget)
const Footer = lazy(() => withCatalogue(import('../components/layouts/footer')));
// asks for the payments configuration, with TanStack Query, which is not part of the shell
const TestModeGate = lazy(() =>
  withQueryClient(() => withCatalogue(import('../components/layouts/test-mode-gate'))),
);
// a signed-in learner's streak and goal (the navbar shows it to them only), after the first paint
const HeaderProgress = lazy(() => withQueryClient(() => import('./header-progress')));
const headerProgress = (
  <AfterFirstPaint>
    <Suspense fallback={null}>
      <HeaderProgress />
    </Suspense>
  </AfterFirstPaint>
);

/**
 * Every page: skip link, the test-mode marker while payments are emulated, navigation bar, the page, footer; the
 * 'Log in or register' dialog on demand.
 */
export function RootLayout() {
  // which form the 'Log in or register' dialog opens with, null while it is closed
  const [auth, setAuth] = useState<'login' | 'register' | null>(null);
  const openAuth = useCallback(() => setAuth('login'), []);
  const outlet = useMemo<TRootOutletContext>(
    () => ({ onSignIn: openAuth, onSignUp: () => setAuth('register') }),
    [openAuth],
  );
  const t = useT();
  useCanonicalLink();
  useTranslatorRail();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('shell.skipLink')}
      </a>
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <TestModeGate />
        </Suspense>
      </AfterFirstPaint>
      <Navbar onSignIn={openAuth} status={headerProgress} />
      <main id="main" tabIndex={-1}>
        <Outlet context={outlet} />
      </main>
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </AfterFirstPaint>
      <AfterFirstPaint>
        <Translator onSignIn={openAuth} />
      </AfterFirstPaint>
      {auth ? (
        <Suspense fallback={null}>
          <AuthModal open view={auth} onClose={() => setAuth(null)} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}

/**
 * Its children once the page itself has been drawn: the test-mode marker, the footer and the floating translator
 * load then, so that their code and requests do not compete with the page's own content (on arrival, the page's
 * code and data may still be loading under the layout: RouteLoading, the skeleton, is shown until they are here).
 * Its own state, so that only it renders again when the moment comes, not the page.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // a task after the next frame: the browser has painted the page by then; both are cancelled when the layout
    // goes first (a test's document may be gone by the time they would run)
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true));
      });
    };
    if (skeletons) waiting.add(go);
    else go();
    return () => {
      waiting.delete(go);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : null;
}

// skeletons on the screen (RouteLoading), and what waits for the page behind them
let skeletons = 0;
const waiting = new Set<() => void>();

/** RouteLoading on the screen: what waits for the page waits for it to go. */
function useSkeletonShown() {
  useLayoutEffect(() => {
    skeletons += 1;
    return () => {
      // after the commit: a skeleton that comes back at once (React's development checks) still counts
      queueMicrotask(() => {
        if (--skeletons) return;
        waiting.forEach((go) => go());
        waiting.clear();
      });
    };
  }, []);
}

/**
 * The translator's rail (global.css): kept free on the pages that offer the translator from their first paint on,
 * before the bar's own code arrives, so that nothing moves when it does.
 */
function useTranslatorRail() {
  const { pathname } = useLocation();
  const shown = isTranslatorPage(pathname);
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('has-translator', shown);
  }, [shown]);
}

/** The floating translator, on learning pages only. */
function Translator({ onSignIn }: { onSignIn: () => void }) {
  const { pathname } = useLocation();
  const shown = useMemo(() => isTranslatorPage(pathname), [pathname]);
  return shown ? (
    <Suspense fallback={null}>
      <TranslatorBar onSignIn={onSignIn} />
    </Suspense>
  ) : null;
}

/**
 * While a page's code (and its first data) loads on arrival: a skeleton of the page inside the layout, so the header
 * is there at once (router.tsx puts it under the layout; docs/product.md, "Loading").
 */
export function RouteLoading() {
  const t = useT();
  useSkeletonShown();
  return (
    <div className="container page boot-skeleton" role="status">
      <span className="visually-hidden">{t('shell.loading')}</span>
      <i />
      <i />
      <i />
      <i />
    </div>
  );
}

/** A lazily loaded module, once the active language's whole catalogue is there too (both load in parallel). */
export async function withCatalogue<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, ensureCatalogue()]);
  return loaded;
}
