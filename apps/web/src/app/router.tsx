import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { hubPrefixPaths, lessonAddress, lessonPaths, paths } from '../config/paths';
import { startLessonRequest } from '../features/content/api/lesson-request';
import { withQueryClient } from '../lib/query-client-loader';
import { RootLayout, RouteLoading, withCatalogue } from './root-layout';
import HomeRoute from './routes/home';

type TRouteModule = { default: ComponentType; loader?: RouteObject['loader'] };

/**
 * Lazy route: the module's default export is the page, an optional `loader` runs first. Pages ask for data with
 * TanStack Query, which loads with the first of them (home, bundled with the shell, does not need it).
 */
const page =
  (load: () => Promise<TRouteModule>): RouteObject['lazy'] =>
  async () => {
    // the page's code and the active language's whole catalogue, in parallel (docs/i18n.md)
    const m = await withQueryClient(() => withCatalogue(load()));
    return { Component: m.default, ...(m.loader ? { loader: m.loader } : {}) };
  };

type TLessonModule = typeof import('./routes/lesson');
let lessonCode: Promise<TLessonModule> | null = null;
let lessonCodeLoaded = false;
const lessonModule = () =>
  (lessonCode ??= withQueryClient(() => withCatalogue(import('./routes/lesson'))).then(
    (m) => {
      lessonCodeLoaded = true;
      return m;
    },
    (err: unknown) => {
      lessonCode = null;
      throw err;
    },
  ));

/**
 * A lesson's loader is declared here rather than in its lazy module, so the router runs it while that module
 * loads. The first time, when the lesson page's code is not here yet, the lesson's request starts at once (the
 * page takes its answer) instead of after the code has arrived; the module's own loader, which waits for the
 * lesson, runs as soon as the module is here.
 */
async function lessonLoader(args: LoaderFunctionArgs) {
  const address = lessonAddress(new URL(args.request.url).pathname);
  if (address && !lessonCodeLoaded) startLessonRequest(address.hub, address.slug);
  return (await lessonModule()).loader(args);
}

/** Every route of docs/product.md, "Routes". Home is bundled with the app shell; the rest load on demand. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        errorElement: <RouteError />,
        // on arrival at a page whose code is still loading, the layout (header, footer) is drawn around this
        // skeleton, rather than a fallback in place of the whole layout (react-router renders the routes above the
        // nearest HydrateFallback)
        HydrateFallback: RouteLoading,
        children: [
          { index: true, Component: HomeRoute },
          { path: paths.learnPolish.path, lazy: page(() => import('./routes/learn-polish')) },
          { path: paths.hub.path, lazy: page(() => import('./routes/hub')) },
          { path: paths.podcast.path, lazy: page(() => import('./routes/podcast')) },
          { path: paths.podcastEpisode.path, lazy: page(() => import('./routes/podcast-episode')) },
          { path: paths.blog.path, lazy: page(() => import('./routes/blog')) },
          { path: paths.blogPost.path, lazy: page(() => import('./routes/blog-post')) },
          { path: paths.wordChecker.path, lazy: page(() => import('./routes/word-checker')) },
          { path: paths.getPremium.path, lazy: page(() => import('./routes/get-premium')) },
          { path: paths.premiumMember.path, lazy: page(() => import('./routes/premium-member')) },
          { path: paths.settings.path, lazy: page(() => import('./routes/settings')) },
          { path: paths.words.path, lazy: page(() => import('./routes/words')) },
          { path: paths.review.path, lazy: page(() => import('./routes/review')) },
          { path: paths.success.path, lazy: page(() => import('./routes/success')) },
          { path: paths.admin.path, lazy: page(() => import('./routes/admin')) },
          { path: paths.confirmEmail.path, lazy: page(() => import('./routes/confirm-email')) },
          {
            path: paths.confirmEmailChange.path,
            lazy: page(() =>
              import('./routes/confirm-email').then((m) => ({ default: m.ConfirmEmailChangeRoute })),
            ),
          },
          { path: paths.forgotPassword.path, lazy: page(() => import('./routes/forgot-password')) },
          { path: paths.resetPassword.path, lazy: page(() => import('./routes/reset-password')) },
          { path: paths.terms.path, lazy: page(() => import('./routes/terms')) },
          { path: paths.privacy.path, lazy: page(() => import('./routes/privacy')) },
          { path: paths.credits.path, lazy: page(() => import('./routes/credits')) },
          { path: paths.progress.path, lazy: page(() => import('./routes/progress')) },
          { path: paths.welcome.path, lazy: page(() => import('./routes/welcome')) },
          ...lessonPaths.map((l): RouteObject => ({
            path: l.path,
            handle: { hub: l.hub, listen: l.listen },
            loader: lessonLoader,
            lazy: async () => ({ Component: (await lessonModule()).default }),
          })),
          // a hub's lesson prefix without a slug (/beginner, ...) leads to the hub's listing
          ...hubPrefixPaths.map((h): RouteObject => ({
            path: h.path,
            lazy: page(() => import('./routes/hub-prefix')),
          })),
          // docs/product.md, "Routes": any unknown path shows the home page (whose address is "/")
          { path: paths.notFound.path, Component: HomeRoute, handle: { canonical: paths.home.getHref() } },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
