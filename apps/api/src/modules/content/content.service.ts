import {
  ERROR_CODES,
  lessonPath,
  type TBlogPostResponse,
  type TBlogPostSummary,
  type THubSummary,
  type TLessonFile,
  type TLessonLink,
  type TLessonResponse,
  type TLessonSummary,
  type TLessonTeaser,
  type TPodcastEpisodeResponse,
  type TPodcastEpisodeSummary,
  type TProgressListResponse,
} from '@polski/contracts';
import type { TDb } from '../../lib/db';
import type { UserCache } from '../auth/user-cache';
import { ForbiddenError, isUniqueViolation, NotFoundError } from '../../lib/errors';
import type { TAccessFields } from '../premium/access';
import { hasActivePremium } from '../premium/access';
import type { TBlogEntry, Catalogue, TCatalogueHub, TPodcastEntry } from './catalogue';
import { expressEtag } from './cache';
import { renderMarkdown } from './markdown';

export const PREMIUM_REQUIRED_MESSAGE = 'This lesson is part of Premium';

export type TViewer = (TAccessFields & { id: string }) | undefined;

/** An answer serialised once: its bytes and strong ETag. */
export interface TSerialised {
  body: Buffer;
  etag: string;
}

export function lessonAudioUrl(lesson: TLessonFile): string | undefined {
  return lesson.audio ? `/api/content/media/lessons/${lesson.hub}/${lesson.slug}/audio` : undefined;
}

/** What a visitor without premium may see of a premium lesson: never the body, translations or exercises. */
export function lessonTeaser(lesson: TLessonFile): TLessonTeaser {
  return {
    hub: lesson.hub,
    slug: lesson.slug,
    title: lesson.title,
    titleEn: lesson.titleEn,
    level: lesson.level,
    premium: true,
    firstParagraph: lesson.paragraphs[0].sentences.map((s) => s.pl).join(' '),
  };
}

/**
 * The catalogue as the API presents it, and each user's progress. Access is decided here, from the user row the
 * authentication middleware loaded from the database for this request (hasActivePremium), never from the token.
 */
export class ContentService {
  /** Serialised lesson answers: `${hub}/${slug}` -> [not completed, completed]. The catalogue never changes. */
  private readonly lessonBodies = new Map<string, [TSerialised | undefined, TSerialised | undefined]>();

  constructor(
    private readonly deps: {
      catalogue: Catalogue;
      db: TDb;
      now: () => Date;
      mediaBaseUrl: string;
      /** Signed-in users' completed lessons between requests (absent: always read from the database). */
      users?: UserCache;
      /** Told when a user completes a lesson for the first time (the learning module's daily activity). */
      onLessonCompleted?: (userId: string, lesson: TLessonFile) => Promise<void>;
    },
  ) {}

  get catalogue(): Catalogue {
    return this.deps.catalogue;
  }

  canRead(lesson: TLessonFile, viewer: TViewer): boolean {
    return !lesson.premium || (viewer !== undefined && hasActivePremium(viewer, this.deps.now()));
  }

  /** The lesson, or a 404; a premium lesson the viewer may not read is a 403 carrying the teaser. */
  readableLesson(hub: string, slug: string, viewer: TViewer, withTeaser = true): TLessonFile {
    const lesson = this.findLesson(hub, slug);
    if (!this.canRead(lesson, viewer)) {
      throw new ForbiddenError(
        ERROR_CODES.premiumRequired,
        PREMIUM_REQUIRED_MESSAGE,
        withTeaser ? { teaser: lessonTeaser(lesson) } : undefined,
      );
    }
    return lesson;
  }

  findHub(id: string): TCatalogueHub {
    const hub = this.catalogue.hub(id);
    if (!hub) throw new NotFoundError(ERROR_CODES.notFound, `No hub "${id}"`);
    return hub;
  }

  findLesson(hub: string, slug: string): TLessonFile {
    const h = this.findHub(hub);
    const lesson = h.lessons.find((l) => l.slug === slug);
    if (!lesson) throw new NotFoundError(ERROR_CODES.notFound, `No lesson "${slug}" in ${h.id}`);
    return lesson;
  }

  hubSummary(hub: TCatalogueHub): THubSummary {
    return {
      id: hub.id,
      title: hub.title,
      level: hub.level,
      path: `/learn-polish/${hub.id}`,
      lessonCount: hub.lessons.length,
      freeCount: hub.lessons.filter((l) => !l.premium).length,
    };
  }

  hubs(): THubSummary[] {
    return this.catalogue.hubs.map((h) => this.hubSummary(h));
  }

  async hubLessons(id: string, userId?: string): Promise<{ hub: THubSummary; lessons: TLessonSummary[] }> {
    const hub = this.findHub(id);
    const done = userId ? await this.completedSlugs(userId, hub.id) : new Set<string>();
    return {
      hub: this.hubSummary(hub),
      lessons: hub.lessons.map((l) => ({
        hub: l.hub,
        slug: l.slug,
        order: l.order,
        title: l.title,
        titleEn: l.titleEn,
        level: l.level,
        premium: l.premium,
        summary: l.summary,
        readingMinutes: l.readingMinutes,
        path: lessonPath(l.hub, l.slug),
        completed: done.has(l.slug),
      })),
    };
  }

  async lessonResponse(lesson: TLessonFile, userId?: string): Promise<TLessonResponse> {
    const completed = userId
      ? (await this.deps.db.lessonProgress.count({ where: { userId, hub: lesson.hub, slug: lesson.slug } })) > 0
      : false;
    return this.lessonPayload(lesson, completed);
  }

  /** Whether `viewer` completed `lesson` (from the user cache when it holds the user). */
  async isCompleted(lesson: TLessonFile, viewer: NonNullable<TViewer>): Promise<boolean> {
    const users = this.deps.users;
    if (users?.active) return (await users.completed(viewer.id)).has(`${lesson.hub}/${lesson.slug}`);
    return (
      (await this.deps.db.lessonProgress.count({
        where: { userId: viewer.id, hub: lesson.hub, slug: lesson.slug },
      })) > 0
    );
  }

  /**
   * The lesson's full answer as bytes with its ETag (as Express computes it), serialised once per lesson and
   * completion flag: a full lesson is tens of kilobytes of JSON, and stringifying it was most of a premium
   * reader's request.
   */
  lessonAnswer(lesson: TLessonFile, completed: boolean): TSerialised {
    const key = `${lesson.hub}/${lesson.slug}`;
    let pair = this.lessonBodies.get(key);
    if (!pair) {
      // only lessons of the catalogue reach here (findLesson), so the map holds at most one pair per lesson
      pair = [undefined, undefined];
      this.lessonBodies.set(key, pair);
    }
    const i = completed ? 1 : 0;
    let answer = pair[i];
    if (!answer) {
      const body = Buffer.from(JSON.stringify(this.lessonPayload(lesson, completed)), 'utf8');
      answer = { body, etag: expressEtag(body) };
      pair[i] = answer;
    }
    return answer;
  }

  private lessonPayload(lesson: TLessonFile, completed: boolean): TLessonResponse {
    const { prev, next } = this.catalogue.neighbours(lesson);
    const link = (l?: TLessonFile): TLessonLink | null =>
      l ? { slug: l.slug, title: l.title, path: lessonPath(l.hub, l.slug) } : null;
    const audioUrl = lessonAudioUrl(lesson);
    const annotations = this.catalogue.lessonAnnotations(lesson);
    // the file's `grammar:` (topic ids and quoted sentences) is replaced by the notes resolved at load
    const { grammar: _grammarFile, ...fields } = lesson;
    const grammar = this.catalogue.grammarNotes(lesson);
    return {
      ...fields,
      // the file's `words:` choices are for the annotator, not for readers
      paragraphs: lesson.paragraphs.map((p) => ({
        sentences: p.sentences.map(({ words: _words, ...sentence }) => sentence),
      })),
      ...(annotations ? { annotations } : {}),
      ...(grammar ? { grammar } : {}),
      path: lessonPath(lesson.hub, lesson.slug),
      ...(audioUrl ? { audioUrl } : {}),
      prev: link(prev),
      next: link(next),
      completed,
    };
  }

  // ---- progress ---------------------------------------------------------------------------------------------
  private async completedSlugs(userId: string, hub: string): Promise<Set<string>> {
    const rows = await this.deps.db.lessonProgress.findMany({ where: { userId, hub }, select: { slug: true } });
    return new Set(rows.map((r) => r.slug));
  }

  /** Marks a lesson the user may read as completed; marking twice is harmless (also when two requests race). */
  async markCompleted(viewer: NonNullable<TViewer>, hub: string, slug: string): Promise<void> {
    const lesson = this.readableLesson(hub, slug, viewer, false);
    const key = { userId: viewer.id, hub: lesson.hub, slug: lesson.slug };
    let created = false;
    try {
      const { count } = await this.deps.db.lessonProgress.createMany({ data: [key], skipDuplicates: true });
      created = count > 0;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
    // a lesson counts towards the day's activity once (docs/product.md, "Streak and freeze")
    if (created) await this.deps.onLessonCompleted?.(viewer.id, lesson);
  }

  async unmarkCompleted(viewer: NonNullable<TViewer>, hub: string, slug: string): Promise<void> {
    const lesson = this.findLesson(hub, slug);
    await this.deps.db.lessonProgress.deleteMany({ where: { userId: viewer.id, hub: lesson.hub, slug: lesson.slug } });
  }

  /** Completed lessons still in the catalogue, most recent first. */
  async progress(userId: string): Promise<TProgressListResponse> {
    const rows = await this.deps.db.lessonProgress.findMany({ where: { userId }, orderBy: { completedAt: 'desc' } });
    const out: TProgressListResponse = [];
    for (const r of rows) {
      const lesson = this.catalogue.lesson(r.hub, r.slug);
      if (!lesson) continue;
      out.push({
        hub: lesson.hub,
        slug: lesson.slug,
        title: lesson.title,
        path: lessonPath(lesson.hub, lesson.slug),
        completedAt: r.completedAt.toISOString(),
      });
    }
    return out;
  }

  // ---- podcast and blog -------------------------------------------------------------------------------------
  podcastAudioUrl(file: string): string {
    return `${this.deps.mediaBaseUrl}/podcast/${file}`;
  }

  episodeSummary({ data }: TPodcastEntry): TPodcastEpisodeSummary {
    return {
      slug: data.slug,
      number: data.number,
      title: data.title,
      date: data.date,
      description: data.description,
      durationSeconds: data.durationSeconds,
      level: data.level,
      audioUrl: this.podcastAudioUrl(data.audioFile),
      path: `/podcast/${data.slug}`,
    };
  }

  episodes(): TPodcastEpisodeSummary[] {
    return this.catalogue.podcast.map((e) => this.episodeSummary(e));
  }

  episode(slug: string): TPodcastEpisodeResponse {
    const entry = this.catalogue.episode(slug);
    if (!entry) throw new NotFoundError(ERROR_CODES.notFound, `No podcast episode "${slug}"`);
    const annotations = this.catalogue.episodeAnnotations(slug);
    return {
      ...this.episodeSummary(entry),
      showNotesMarkdown: entry.body,
      showNotesHtml: renderMarkdown(entry.body),
      transcript: entry.data.transcript.map(({ words: _words, ...line }) => line),
      ...(annotations ? { annotations } : {}),
    };
  }

  postSummary({ data }: TBlogEntry): TBlogPostSummary {
    return {
      slug: data.slug,
      title: data.title,
      date: data.date,
      author: data.author,
      description: data.description,
      tags: data.tags,
      path: `/blog/${data.slug}`,
    };
  }

  posts(): TBlogPostSummary[] {
    return this.catalogue.blog.map((p) => this.postSummary(p));
  }

  post(slug: string): TBlogPostResponse {
    const entry = this.catalogue.post(slug);
    if (!entry) throw new NotFoundError(ERROR_CODES.notFound, `No blog post "${slug}"`);
    return { ...this.postSummary(entry), bodyMarkdown: entry.body, bodyHtml: renderMarkdown(entry.body) };
  }
}
