import { lessonPath, NATIVE_LANGUAGE_CODES, ROUTES, routeUrl } from '@polski/contracts';
import { workspacePath } from '../../lib/paths';
import type { TModule, TModuleDeps, TModuleFactory } from '../../module';
import { sharedCatalogue } from './catalogue';
import type { TFastRoute } from '../../middleware/fast-lane';
import { readerLanguage } from './reader-language';
import { PAGE_BOOT_MODULES, type TPageDataSource } from '../../middleware/web-app';
import { peekAuthenticated } from '../auth/auth.middleware';
import { ActivityRecorder } from '../learning/activity';
import { PRIVATE_CACHE, publicAnswers } from './cache';
import { contentRouter } from './content.router';
import { ContentService } from './content.service';
import { contentPagesRouter } from './pages.router';
import { mediaDir as defaultMediaDir } from './media/layout';
import { MediaSigner } from './media/signing';
import { MediaStore } from './media/store';

/** A URL segment decoded, or '' (no such item) for a malformed percent-escape, which Express then answers. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

export { ContentCatalogueError, loadCatalogue, type Catalogue } from './catalogue';
export { ContentService } from './content.service';

/** The web app's lesson page, as its build manifest names it (web-app.ts preloads its files in lesson pages). */
export const LESSON_PAGE_MODULE = 'src/app/routes/lesson.tsx';
/** The list of hubs: its page, and the web app's module for it. */
export const LEARN_POLISH_PAGE = '/learn-polish';
export const LEARN_POLISH_PAGE_MODULE = 'src/app/routes/learn-polish.tsx';
/**
 * The premium page: it says what the catalogue's audio is (docs/product.md, "Honest audio claims") from the hubs'
 * audio summary, in its first paint (the payments module sends the offer with it).
 */
const PREMIUM_PAGE = '/premium-member';
export { PAGE_BOOT_MODULES } from '../../middleware/web-app';

export interface TContentModuleOptions {
  /** Folder with lessons/, podcast/, blog/ (default: the repository's content/). */
  contentDir?: string;
  /** The rendered audio (default: MEDIA_DIR, or <repo>/.data/media). */
  mediaDir?: string;
  /** Where free media is published: an absolute URL (a CDN) or a site path; default MEDIA_BASE_URL, else the API. */
  mediaBaseUrl?: string;
}

/**
 * The content module: loads and validates the whole catalogue once (a broken file stops the start with its path
 * and problem), then serves it under /api/content and the feeds, sitemap and robots.txt at the site root.
 */
export function createContentModule(options: TContentModuleOptions = {}): TModuleFactory {
  return (deps: TModuleDeps): TModule => {
    const contentDir = options.contentDir ?? workspacePath('content');
    const configured = options.mediaBaseUrl ?? deps.config.MEDIA_BASE_URL;
    const mediaBaseUrl = configured ? configured.replace(/\/+$/, '') : undefined;
    const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');
    const catalogue = sharedCatalogue(contentDir);
    const media = new MediaStore(
      options.mediaDir ?? (deps.config.MEDIA_DIR ? defaultMediaDir({ MEDIA_DIR: deps.config.MEDIA_DIR }) : defaultMediaDir({})),
    );
    // a lesson whose annotation file is missing or stale is served without annotations (the tests fail on it)
    if (catalogue.annotationProblems.length)
      deps.logger.warn(
        { problems: catalogue.annotationProblems.slice(0, 20), count: catalogue.annotationProblems.length },
        'word annotations missing or out of date: run npx tsx tools/annotate-content.ts',
      );
    const activity = new ActivityRecorder({ db: deps.database.db, clock: deps.clock });
    const content = new ContentService({
      catalogue,
      db: deps.database.db,
      now: () => deps.clock.now(),
      mediaBaseUrl,
      media,
      signer: new MediaSigner(deps.config.jwtSecret),
      users: deps.services.users,
      onLessonCompleted: (userId, lesson) => activity.lessonCompleted(userId, lesson),
    });
    // answers that carry media: built again when a manifest changes (the render runs beside the server)
    // a URL may carry ?lang=<code>: the answer in that language (docs/api.md, "Language of the content")
    const LESSON_URL = /^\/api\/content\/lessons\/([^/?]+)\/([^/?]+)(?:\?lang=[a-z]{2})?$/;
    const HUB_URL = /^\/api\/content\/hubs\/([^/?]+)(?:\?lang=[a-z]{2})?$/;
    const EPISODE_URL = /^\/api\/content\/podcast\/([^/?]+)(?:\?lang=[a-z]{2})?$/;
    const PODCAST_LIST_URL = /^\/api\/content\/podcast(?:\?lang=[a-z]{2})?$/;
    const POST_URL = /^\/api\/content\/blog\/([^/?]+)$/;
    const lessonsStamp = (lessons: ReturnType<typeof catalogue.allLessons>) => lessons.map((l) => media.lesson(l).stamp).join(',');
    const answers = publicAnswers((url) => {
      let m = LESSON_URL.exec(url);
      if (m) {
        const l = catalogue.lesson(decoded(m[1]), decoded(m[2]));
        return l ? media.lesson(l).stamp : '';
      }
      if (url === '/api/content/hubs') return lessonsStamp(catalogue.allLessons());
      if ((m = HUB_URL.exec(url))) return lessonsStamp(catalogue.hub(decoded(m[1]))?.lessons ?? []);
      if (url === '/api/content/story-of-the-day') return media.story().stamp;
      if (PODCAST_LIST_URL.test(url)) return catalogue.podcast.map((e) => media.episode(e.data).stamp).join(',');
      if ((m = EPISODE_URL.exec(url))) {
        const e = catalogue.episode(decoded(m[1]));
        return e ? media.episode(e.data).stamp : '';
      }
      return '';
    });
    const LESSON = /^\/api\/content\/lessons\/([a-z0-9-]{1,80})\/([a-z0-9-]{1,120})$/;
    const signedIn = { tokens: deps.services.tokens, users: deps.services.users, clock: deps.clock };
    // what the router answers, when it is already bytes: a public item for a request without credentials, or a
    // lesson a signed-in reader may read, when the user cache holds the reader and their progress
    const fast: TFastRoute = (url, authorization, headers) => {
      if (!url.startsWith('/api/content/')) return null;
      // the reader's language: only a bare URL or exactly ?lang=<one of the 29> (anything else: Express validates)
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      let query: string | undefined;
      if (q >= 0) {
        const m = /^lang=([a-z]{2})$/.exec(url.slice(q + 1));
        if (!m || !(NATIVE_LANGUAGE_CODES as readonly string[]).includes(m[1])) return null;
        query = m[1];
      }
      const accept = headers['accept-language'];
      if (authorization === undefined) {
        const lang = readerLanguage({ query, acceptLanguage: typeof accept === 'string' ? accept : undefined });
        let m: RegExpExecArray | null;
        let language: string;
        if ((m = LESSON.exec(path))) language = content.contentLanguage(`lessons/${m[1]}/${m[2]}`, lang);
        else if ((m = HUB_URL.exec(path))) {
          if (!catalogue.hub(decoded(m[1]))) return null;
          language = content.hubLanguage(decoded(m[1]), lang);
        } else if ((m = EPISODE_URL.exec(path))) language = content.contentLanguage(`podcast/${decoded(m[1])}`, lang);
        else if (path === '/api/content/podcast') language = content.listLanguage('podcast', lang);
        else if (path === '/api/content/blog') language = content.listLanguage('blog', lang);
        else if ((m = POST_URL.exec(path))) language = content.contentLanguage(`blog/${m[1]}`, lang);
        else return query ? null : (answers.lookup(url) ?? null);
        return answers.lookup(language === 'en' ? path : `${path}?lang=${language}`) ?? null;
      }
      const m = LESSON.exec(path);
      if (!m) return null;
      const lesson = catalogue.lesson(m[1], m[2]);
      if (!lesson) return null;
      const user = peekAuthenticated(authorization, signedIn);
      if (!user || !content.canRead(lesson, user)) return null;
      const completed = deps.services.users.peekCompleted(user.id);
      if (!completed) return null;
      const lang = readerLanguage({ query, nativeLanguage: user.nativeLanguage });
      const answer = content.lessonAnswer(lesson, completed.has(`${lesson.hub}/${lesson.slug}`), user.id, lang);
      return {
        ...answer,
        cacheControl: PRIVATE_CACHE,
        vary: 'Origin, Authorization, Accept-Language',
        route: '/api/content/lessons/:hub/:slug',
      };
    };
    const absolute = (url: string) => new URL(url, `${publicUrl}/`).toString();
    const site = {
      publicUrl,
      contactEmail: deps.config.contactEmail,
      episodeAudio: (data: Parameters<typeof content.episodeAudio>[0]) => {
        const a = content.episodeAudio(data);
        return a ? { url: absolute(a.path), bytes: a.bytes, durationSeconds: a.durationSeconds, type: a.type } : undefined;
      },
      // the episode's JSON chapters once its audio gives them start times (feeds.ts, podcast:chapters)
      chaptersUrl: (data: Parameters<typeof content.episodeAudio>[0]) =>
        content.jsonChapters(data.slug) ? absolute(`/api/content/podcast/${encodeURIComponent(data.slug)}/chapters`) : undefined,
      audioStamp: () => catalogue.podcast.map((e) => media.episode(e.data).stamp).join(','),
    };
    // a free lesson's page carries the lesson as a visitor gets it from the API (web-app.ts), /learn-polish the list
    // of hubs: the page then shows it without a second round trip; the intermediate mini stories' listening pages
    // show the same lesson
    const freeLessonPages = new Map<string, NonNullable<ReturnType<typeof catalogue.lesson>>>();
    for (const l of catalogue.allLessons()) {
      if (l.premium) continue;
      freeLessonPages.set(lessonPath(l.hub, l.slug), l);
      if (l.hub === 'int-mini-stories') freeLessonPages.set(`${lessonPath(l.hub, l.slug)}/listen`, l);
    }
    const pageData: TPageDataSource = (pathname, request) => {
      if (pathname === LEARN_POLISH_PAGE || pathname === PREMIUM_PAGE) {
        // the list changes as lessons' audio is rendered (its audio summary): the page is built again then
        const hubs = JSON.stringify(content.hubs());
        return {
          key: routeUrl(ROUTES.content.hubs),
          body: Buffer.from(hubs, 'utf8'),
          modules: pathname === LEARN_POLISH_PAGE ? [LEARN_POLISH_PAGE_MODULE, ...PAGE_BOOT_MODULES] : [],
          stamp: hubs,
        };
      }
      const lesson = freeLessonPages.get(pathname);
      // in the reader's language, as the API answers a visitor (the browser's Accept-Language, reader-language.ts)
      const language = lesson
        ? content.contentLanguage(
            `lessons/${lesson.hub}/${lesson.slug}`,
            readerLanguage({ acceptLanguage: request.acceptLanguage }),
          )
        : 'en';
      return lesson
        ? {
            key: routeUrl(ROUTES.content.lesson, { hub: lesson.hub, slug: lesson.slug }),
            body: content.lessonAnswer(lesson, false, undefined, language).body,
            language,
            // the lesson page's code (apps/web/src/app/routes/lesson.tsx)
            modules: [LESSON_PAGE_MODULE, ...PAGE_BOOT_MODULES],
            stamp: media.lesson(lesson).stamp,
          }
        : undefined;
    };
    const routing = { clock: deps.clock, checkAnswers: deps.config.checkAnswers };
    return {
      name: 'content',
      routers: [contentRouter(content, answers, { ...routing, users: deps.services.users })],
      fastRoutes: [fast],
      pageData,
      pageRouters: [
        contentPagesRouter({ catalogue, site, ...routing }),
      ],
    };
  };
}

export const contentModule: TModuleFactory = createContentModule();
