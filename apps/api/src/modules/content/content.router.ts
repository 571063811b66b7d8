import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Response } from 'express';
import { API_CONTRACT, API_PREFIX, ERROR_CODES } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { UserCache } from '../auth/user-cache';
import { hasActivePremium } from '../premium/access';
import { contractRouter } from '../../middleware/contract-router';
import { cachePrivate, cachePublic, setEtag, type TPublicAnswers } from './cache';
import type { ContentService } from './content.service';
import { PREMIUM_REQUIRED_MESSAGE } from './content.service';
import { TRACK_FILE, WORD_FILE } from './media/layout';
import type { TMediaState } from './media/store';
import { readerLanguage } from './reader-language';

/** Media file names carry their content's hash: a CDN or browser may keep a free one for good. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** The file a media URL names in a lesson's or episode's ready media: a track, or one of its words' clips. */
function mediaFile(content: ContentService, state: TMediaState, file: string): string {
  const m = state.ready;
  const missing = () => new NotFoundError(ERROR_CODES.audioNotAvailable, 'This audio is not available (yet)');
  if (!m) throw missing();
  if (TRACK_FILE.test(file)) {
    if (!m.tracks.some((t) => t.file === file)) throw missing();
    return join(state.dir, file);
  }
  if (WORD_FILE.test(file)) {
    const hash = file.slice(2, 22);
    if (!Object.values(m.words ?? {}).includes(hash)) throw missing();
    return content.media.wordFile(hash);
  }
  throw new NotFoundError(ERROR_CODES.notFound, 'No such media file');
}

const c = API_CONTRACT.content;

function sendFile(res: Response, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // our own Cache-Control stays (send() would write "public, max-age=0"); with `root`, only the file name is
    // checked for dotfiles, so a deployment under a dot folder (~/.local/...) still serves its media
    res.sendFile(basename(file), { root: dirname(file), cacheControl: false, dotfiles: 'deny' }, (err) => {
      const e = err as (Error & { code?: string; status?: number }) | undefined;
      if (!e || e.code === 'ECONNABORTED' || res.headersSent) resolve();
      // the file vanished between the check and the read
      else if (e.status === 404 || e.code === 'ENOENT')
        reject(new NotFoundError(ERROR_CODES.audioNotAvailable, 'The audio of this lesson is not available'));
      else reject(e);
    });
  });
}

/** /api/content/... (libs/contracts content.contract.ts): catalogue, lessons (gated), progress, podcast, blog, media. */
export function contentRouter(
  content: ContentService,
  answers: TPublicAnswers,
  options: { clock: TClock; checkAnswers?: boolean; users: UserCache },
) {
  const r = contractRouter({ mountedAt: API_PREFIX, ...options });
  const sendPublic = answers.send;
  const at = (...segments: string[]) => `/api/content/${segments.map(encodeURIComponent).join('/')}`;

  r.add(c.hubs, async (_req, res) => {
    await sendPublic(res, at('hubs'), () => content.hubs(), false);
  });

  /** The reader's language (docs/api.md, "Language of the content"); answers depend on Accept-Language. */
  const languageOf = (req: { query: { lang?: string }; user?: { nativeLanguage: string }; headers: Record<string, unknown> }) => {
    const accept = req.headers['accept-language'];
    return readerLanguage({
      query: req.query.lang,
      nativeLanguage: req.user?.nativeLanguage,
      acceptLanguage: typeof accept === 'string' ? accept : undefined,
    });
  };
  /** The canonical URL of an answer in `lang` (English: the bare path). */
  const inLanguage = (url: string, lang: string) => (lang === 'en' ? url : `${url}?lang=${lang}`);

  r.add(c.hub, async (req, res) => {
    const { hub } = req.params;
    const lang = languageOf(req);
    if (req.user) {
      const body = await content.hubLessons(hub, req.user.id, lang);
      cachePrivate(res);
      res.vary('Accept-Language');
      res.reply(200, body);
    } else {
      const language = content.hubLanguage(hub, lang);
      await sendPublic(res, inLanguage(at('hubs', hub), language), () => content.hubLessons(hub, undefined, language), true, true);
    }
  });

  r.add(c.lesson, async (req, res) => {
    const { user } = req;
    const found = content.findLesson(req.params.hub, req.params.slug);
    // a premium lesson's answer (200 or 403) depends on who asks: never stored by a shared cache
    if (found.premium || user) {
      cachePrivate(res);
      res.vary('Accept-Language');
    }
    const lang = languageOf(req);
    const lesson = content.readableLesson(found.hub, found.slug, user, true, lang);
    const language = content.contentLanguage(`lessons/${lesson.hub}/${lesson.slug}`, lang);
    if (user) {
      const answer = content.lessonAnswer(lesson, await content.isCompleted(lesson, user), user.id, language);
      res.setHeader('ETag', answer.etag);
      res.type('application/json; charset=utf-8').send(answer.body);
    } else {
      const url = inLanguage(at('lessons', lesson.hub, lesson.slug), language);
      await sendPublic(res, url, () => content.lessonResponse(lesson, undefined, language), true, true);
    }
  });

  r.add(c.lessonAudio, async (req, res) => {
    const found = content.findLesson(req.params.hub, req.params.slug);
    if (found.premium) cachePrivate(res);
    const lesson = content.readableLesson(found.hub, found.slug, req.user, false);
    const track = content.media.lesson(lesson);
    const normal = track.ready?.tracks.find((t) => t.speed === 'normal');
    if (!normal) throw new NotFoundError(ERROR_CODES.audioNotAvailable, 'The audio of this lesson is not ready yet');
    if (!lesson.premium) cachePublic(res, true);
    await sendFile(res, join(track.dir, normal.file));
  });

  r.add(c.lessonMedia, async (req, res) => {
    const lesson = content.findLesson(req.params.hub, req.params.slug);
    if (lesson.premium) {
      cachePrivate(res);
      // the signature says who; the user row (user cache) says whether they still have premium now
      const uid = content.signer.verify(`lessons/${lesson.hub}/${lesson.slug}`, req.query, options.clock.now());
      const user = await options.users.user(uid);
      if (!user || !hasActivePremium(user, options.clock.now()))
        throw new ForbiddenError(ERROR_CODES.premiumRequired, PREMIUM_REQUIRED_MESSAGE);
    }
    const file = mediaFile(content, content.media.lesson(lesson), req.params.file);
    if (!existsSync(file)) throw new NotFoundError(ERROR_CODES.audioNotAvailable, 'This audio is not available (yet)');
    if (!lesson.premium) res.setHeader('Cache-Control', IMMUTABLE_CACHE);
    await sendFile(res, file);
  });

  r.add(c.episodeMedia, async (req, res) => {
    const entry = content.catalogue.episode(req.params.slug);
    if (!entry) throw new NotFoundError(ERROR_CODES.notFound, `No podcast episode "${req.params.slug}"`);
    const file = mediaFile(content, content.media.episode(entry.data), req.params.file);
    if (!existsSync(file)) throw new NotFoundError(ERROR_CODES.audioNotAvailable, 'This audio is not available (yet)');
    res.setHeader('Cache-Control', IMMUTABLE_CACHE);
    await sendFile(res, file);
  });

  r.add(c.storyMedia, async (req, res) => {
    const file = mediaFile(content, content.media.story(), req.params.file);
    if (!existsSync(file)) throw new NotFoundError(ERROR_CODES.audioNotAvailable, 'This audio is not available (yet)');
    res.setHeader('Cache-Control', IMMUTABLE_CACHE);
    await sendFile(res, file);
  });

  r.add(c.storyOfTheDay, async (_req, res) => {
    await sendPublic(res, at('story-of-the-day'), () => content.storyOfTheDay(), false);
  });

  r.add(c.progress, async (req, res) => {
    cachePrivate(res);
    res.reply(200, await content.progress(req.user.id));
  });

  r.add(c.markCompleted, async (req, res) => {
    cachePrivate(res);
    await content.markCompleted(req.user, req.body.hub, req.body.slug);
    res.reply(200, { completed: true });
  });

  r.add(c.unmarkCompleted, async (req, res) => {
    cachePrivate(res);
    await content.unmarkCompleted(req.user, req.body.hub, req.body.slug);
    res.reply(200, { completed: false });
  });

  r.add(c.podcast, async (req, res) => {
    const language = content.listLanguage('podcast', languageOf(req));
    await sendPublic(res, inLanguage(at('podcast'), language), () => content.episodes(language), false, true);
  });

  r.add(c.podcastEpisode, async (req, res) => {
    const { slug } = req.params;
    const language = content.contentLanguage(`podcast/${slug}`, languageOf(req));
    await sendPublic(res, inLanguage(at('podcast', slug), language), () => content.episode(slug, language), false, true);
  });

  r.add(c.podcastChapters, (req, res) => {
    const chapters = content.jsonChapters(req.params.slug);
    if (!chapters) throw new NotFoundError(ERROR_CODES.audioNotAvailable, 'No chapters, or the audio is not ready yet');
    const body = JSON.stringify(chapters);
    cachePublic(res, false);
    setEtag(res, body);
    res.type('application/json+chapters; charset=utf-8').send(body);
  });

  r.add(c.blog, async (req, res) => {
    const language = content.listLanguage('blog', languageOf(req));
    await sendPublic(res, inLanguage(at('blog'), language), () => content.posts(language), false, true);
  });

  r.add(c.blogPost, async (req, res) => {
    const { slug } = req.params;
    const language = content.contentLanguage(`blog/${slug}`, languageOf(req));
    await sendPublic(res, inLanguage(at('blog', slug), language), () => content.post(slug, language), false, true);
  });

  return r;
}
