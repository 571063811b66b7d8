import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Response } from 'express';
import { API_CONTRACT, API_PREFIX, ERROR_CODES } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { NotFoundError } from '../../lib/errors';
import { contractRouter } from '../../middleware/contract-router';
import { cachePrivate, cachePublic, type TPublicAnswers } from './cache';
import type { ContentService } from './content.service';

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
  options: { clock: TClock; checkAnswers?: boolean },
) {
  const r = contractRouter({ mountedAt: API_PREFIX, ...options });
  const sendPublic = answers.send;
  const at = (...segments: string[]) => `/api/content/${segments.map(encodeURIComponent).join('/')}`;

  r.add(c.hubs, async (_req, res) => {
    await sendPublic(res, at('hubs'), () => content.hubs(), false);
  });

  r.add(c.hub, async (req, res) => {
    const { hub } = req.params;
    if (req.user) {
      const body = await content.hubLessons(hub, req.user.id);
      cachePrivate(res);
      res.reply(200, body);
    } else await sendPublic(res, at('hubs', hub), () => content.hubLessons(hub), true);
  });

  r.add(c.lesson, async (req, res) => {
    const { user } = req;
    const found = content.findLesson(req.params.hub, req.params.slug);
    // a premium lesson's answer (200 or 403) depends on who asks: never stored by a shared cache
    if (found.premium || user) cachePrivate(res);
    const lesson = content.readableLesson(found.hub, found.slug, user);
    if (user) {
      const answer = content.lessonAnswer(lesson, await content.isCompleted(lesson, user));
      res.setHeader('ETag', answer.etag);
      res.type('application/json; charset=utf-8').send(answer.body);
    } else {
      await sendPublic(res, at('lessons', lesson.hub, lesson.slug), () => content.lessonResponse(lesson), true);
    }
  });

  r.add(c.lessonAudio, async (req, res) => {
    const found = content.findLesson(req.params.hub, req.params.slug);
    if (found.premium) cachePrivate(res);
    const lesson = content.readableLesson(found.hub, found.slug, req.user, false);
    const file = content.catalogue.lessonAudioPath(lesson);
    if (!file) throw new NotFoundError(ERROR_CODES.audioNotAvailable, 'This lesson has no audio');
    if (!existsSync(file))
      throw new NotFoundError(ERROR_CODES.audioNotAvailable, 'The audio of this lesson is not available');
    if (!lesson.premium) cachePublic(res, true);
    await sendFile(res, file);
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

  r.add(c.podcast, async (_req, res) => {
    await sendPublic(res, at('podcast'), () => content.episodes(), false);
  });

  r.add(c.podcastEpisode, async (req, res) => {
    const { slug } = req.params;
    await sendPublic(res, at('podcast', slug), () => content.episode(slug), false);
  });

  r.add(c.blog, async (_req, res) => {
    await sendPublic(res, at('blog'), () => content.posts(), false);
  });

  r.add(c.blogPost, async (req, res) => {
    const { slug } = req.params;
    await sendPublic(res, at('blog', slug), () => content.post(slug), false);
  });

  return r;
}
