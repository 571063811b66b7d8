import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Router, type Response } from 'express';
import {
  ZLessonProgressRequestSchema,
  type TLessonProgressRequest,
  type TLessonProgressResponse,
} from '@polski/contracts';
import { NotFoundError } from '../../lib/errors';
import { validate } from '../../middleware/validate';
import { currentUser, requireUser } from '../auth/auth.middleware';
import { cachePrivate, cachePublic, type TPublicAnswers } from './cache';
import type { ContentService } from './content.service';

function sendFile(res: Response, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // our own Cache-Control stays (send() would write "public, max-age=0"); with `root`, only the file name is
    // checked for dotfiles, so a deployment under a dot folder (~/.local/...) still serves its media
    res.sendFile(basename(file), { root: dirname(file), cacheControl: false, dotfiles: 'deny' }, (err) => {
      const e = err as (Error & { code?: string; status?: number }) | undefined;
      if (!e || e.code === 'ECONNABORTED' || res.headersSent) resolve();
      // the file vanished between the check and the read
      else if (e.status === 404 || e.code === 'ENOENT') reject(new NotFoundError('The audio of this lesson is not available'));
      else reject(e);
    });
  });
}

/** /api/content/...: catalogue, lessons (gated), progress, podcast, blog, lesson media (gated). */
export function contentRouter(content: ContentService, answers: TPublicAnswers): Router {
  const r = Router();
  const param = (v: unknown) => String(v);
  const sendPublic = answers.send;
  const at = (...segments: string[]) => `/api/content/${segments.map(encodeURIComponent).join('/')}`;

  r.get('/content/hubs', async (_req, res) => {
    await sendPublic(res, at('hubs'), () => content.hubs(), false);
  });

  r.get('/content/hubs/:hub', async (req, res) => {
    const user = req.user;
    const hub = param(req.params.hub);
    if (user) {
      const body = await content.hubLessons(hub, user.id);
      cachePrivate(res);
      res.json(body);
    } else await sendPublic(res, at('hubs', hub), () => content.hubLessons(hub), true);
  });

  r.get('/content/lessons/:hub/:slug', async (req, res) => {
    const user = req.user;
    const found = content.findLesson(param(req.params.hub), param(req.params.slug));
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

  r.get('/content/media/lessons/:hub/:slug/audio', async (req, res) => {
    const found = content.findLesson(param(req.params.hub), param(req.params.slug));
    if (found.premium) cachePrivate(res);
    const lesson = content.readableLesson(found.hub, found.slug, req.user, false);
    const file = content.catalogue.lessonAudioPath(lesson);
    if (!file) throw new NotFoundError('This lesson has no audio');
    if (!existsSync(file)) throw new NotFoundError('The audio of this lesson is not available');
    if (!lesson.premium) cachePublic(res, true);
    await sendFile(res, file);
  });

  r.get('/content/progress', requireUser, async (req, res) => {
    cachePrivate(res);
    res.json(await content.progress(currentUser(req).id));
  });

  r.post('/content/progress', requireUser, validate(ZLessonProgressRequestSchema), async (req, res) => {
    cachePrivate(res);
    const { hub, slug } = req.body as TLessonProgressRequest;
    await content.markCompleted(currentUser(req), hub, slug);
    res.json({ completed: true } satisfies TLessonProgressResponse);
  });

  r.delete('/content/progress', requireUser, validate(ZLessonProgressRequestSchema), async (req, res) => {
    cachePrivate(res);
    const { hub, slug } = req.body as TLessonProgressRequest;
    await content.unmarkCompleted(currentUser(req), hub, slug);
    res.json({ completed: false } satisfies TLessonProgressResponse);
  });

  r.get('/content/podcast', async (_req, res) => {
    await sendPublic(res, at('podcast'), () => content.episodes(), false);
  });

  r.get('/content/podcast/:slug', async (req, res) => {
    const slug = param(req.params.slug);
    await sendPublic(res, at('podcast', slug), () => content.episode(slug), false);
  });

  r.get('/content/blog', async (_req, res) => {
    await sendPublic(res, at('blog'), () => content.posts(), false);
  });

  r.get('/content/blog/:slug', async (req, res) => {
    const slug = param(req.params.slug);
    await sendPublic(res, at('blog', slug), () => content.post(slug), false);
  });

  return r;
}
