import { matchPath } from 'react-router';
import type { THubId } from '@polski/contracts';
import { HUBS } from './hubs';

/**
 * Every route of the web app (docs/product.md, "Routes"). Components link with getHref(); the router registers
 * `path`.
 */
const fixed = (path: string) => ({ path, getHref: () => path }) as const;

export const paths = {
  home: fixed('/'),
  learnPolish: fixed('/learn-polish'),
  hub: {
    path: '/learn-polish/:hubId',
    getHref: (hubId: THubId) => `/learn-polish/${encodeURIComponent(hubId)}`,
  },
  podcast: fixed('/podcast'),
  podcastEpisode: {
    path: '/podcast/:slug',
    getHref: (slug: string) => `/podcast/${encodeURIComponent(slug)}`,
  },
  podcastFeed: fixed('/podcast/feed.xml'),
  blog: fixed('/blog'),
  blogPost: {
    path: '/blog/:slug',
    getHref: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  },
  blogFeed: fixed('/blog/feed.xml'),
  wordChecker: fixed('/word-checker'),
  getPremium: fixed('/get-premium'),
  premiumMember: fixed('/premium-member'),
  settings: fixed('/settings'),
  words: fixed('/words'),
  review: fixed('/review'),
  success: fixed('/success'),
  admin: fixed('/admin'),
  confirmEmail: fixed('/confirmemail'),
  confirmEmailChange: fixed('/confirm-email-change'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),
  terms: fixed('/terms-and-conditions'),
  privacy: fixed('/privacy'),
  credits: fixed('/credits'),
  progress: fixed('/progress'),
  welcome: fixed('/welcome'),
  notFound: fixed('*'),
} as const;

export interface TLessonPath {
  hub: THubId;
  /** Only the intermediate mini stories have a listening variant (docs/product.md, "Hubs and lesson routes"). */
  listen: boolean;
  path: string;
  getHref: (slug: string) => string;
}

/** Gated lesson routes: one per hub under the hub's path prefix, plus /intermediate/:slug/listen. */
export const lessonPaths: readonly TLessonPath[] = [
  ...HUBS.map((h) => ({
    hub: h.id,
    listen: false,
    path: `${h.pathPrefix}/:slug`,
    getHref: (slug: string) => `${h.pathPrefix}/${encodeURIComponent(slug)}`,
  })),
  {
    hub: 'int-mini-stories',
    listen: true,
    path: '/intermediate/:slug/listen',
    getHref: (slug: string) => `/intermediate/${encodeURIComponent(slug)}/listen`,
  },
];

export interface TLessonAddress {
  hub: THubId;
  slug: string;
  listen: boolean;
}

/** Which hub's lesson a path is (each hub has its own prefix; /intermediate/:slug/listen is the listening variant). */
export function lessonAddress(pathname: string): TLessonAddress | null {
  for (const route of lessonPaths) {
    const m = matchPath(route.path, pathname);
    if (m?.params.slug) return { hub: route.hub, slug: m.params.slug, listen: route.listen };
  }
  return null;
}

/** A lesson's page (or its listening variant, which only the intermediate mini stories have). */
export function lessonHref(hub: THubId, slug: string, { listen = false }: { listen?: boolean } = {}): string {
  const route =
    lessonPaths.find((l) => l.hub === hub && l.listen === listen) ?? lessonPaths.find((l) => l.hub === hub);
  return route ? route.getHref(slug) : paths.hub.getHref(hub);
}

/**
 * The bare hub prefixes (/beginner, /intermediate, ...) without a slug: podcast notes and blog posts link to
 * them, so they lead to the hub's listing.
 */
export const hubPrefixPaths: readonly { hub: THubId; path: string }[] = HUBS.map((h) => ({
  hub: h.id,
  path: h.pathPrefix,
}));

/**
 * Learning pages, where the floating translator is offered: /learn-polish and its hubs, every lesson, the podcast,
 * the blog, the word checker and settings. Not home, nor the account and payment pages (docs/product.md,
 * "Translator bar").
 */
const translatorPages: readonly string[] = [
  paths.learnPolish.path,
  paths.hub.path,
  ...lessonPaths.map((l) => l.path),
  ...hubPrefixPaths.map((h) => h.path),
  paths.podcast.path,
  paths.podcastEpisode.path,
  paths.blog.path,
  paths.blogPost.path,
  paths.wordChecker.path,
  paths.settings.path,
];

export function isTranslatorPage(pathname: string): boolean {
  return translatorPages.some((pattern) => matchPath(pattern, pathname) !== null);
}
