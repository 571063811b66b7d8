import {
  ERROR_CODES,
  lessonPath,
  STORY_OF_THE_DAY,
  type TJsonChapters,
  type TPodcastChapter,
  type TStoryOfTheDayResponse,
  type TBlogPostResponse,
  type TBlogPostSummary,
  type THubSummary,
  type TLessonFile,
  type TLessonLink,
  type TLessonResponse,
  type TLessonSummary,
  type TLessonTeaser,
  type TMedia,
  type TPodcastEpisodeResponse,
  type TPodcastEpisodeSummary,
  type TProgressListResponse,
  type TNativeLanguageCode,
} from '@polski/contracts';
import type { TDb } from '../../lib/db';
import type { UserCache } from '../auth/user-cache';
import { ForbiddenError, isUniqueViolation, NotFoundError } from '../../lib/errors';
import type { TAccessFields } from '../premium/access';
import { hasActivePremium } from '../premium/access';
import type { TBlogEntry, Catalogue, TCatalogueHub, TPodcastEntry } from './catalogue';
import { expressEtag } from './cache';
import { PODCAST_TITLE } from './feeds';
import { renderMarkdown } from './markdown';
import { mediaBlock, type MediaStore, type TMediaState } from './media/store';
import type { MediaSigner } from './media/signing';
import { MEDIA_FORMAT } from './media/layout';
import { Localiser, localiseAnnotations, localiseNote, vocabularyKeys } from './i18n';

export const PREMIUM_REQUIRED_MESSAGE = 'This lesson is part of Premium';

export type TViewer = (TAccessFields & { id: string }) | undefined;

/** An answer serialised once: its bytes and strong ETag. */
export interface TSerialised {
  body: Buffer;
  etag: string;
}

/** Where the API serves a lesson's media files (docs/api.md, "Lesson media"). */
export const lessonMediaPath = (hub: string, slug: string, file: string) =>
  `/api/content/media/lessons/${encodeURIComponent(hub)}/${encodeURIComponent(slug)}/${file}`;
export const episodeMediaPath = (slug: string, file: string) => `/api/content/media/podcast/${encodeURIComponent(slug)}/${file}`;
export const storyMediaPath = (file: string) => `/api/content/media/story/${file}`;

export interface TLessonMediaDeps {
  media: MediaStore;
  signer: MediaSigner;
  now: () => Date;
  mediaBaseUrl?: string;
}

/** A free lesson's file: MEDIA_BASE_URL's copy when configured (words live in words/ there), else the API's. */
function freeLessonUrl(base: string | undefined, lesson: TLessonFile, file: string): string {
  if (!base) return lessonMediaPath(lesson.hub, lesson.slug, file);
  const word = /^w-([0-9a-f]{20})\.mp3$/.exec(file);
  return word ? `${base}/words/${word[1]}.mp3` : `${base}/lessons/${lesson.hub}/${lesson.slug}/${file}`;
}

/**
 * A lesson's media for `viewerId` (docs/api.md, "Lesson media"): free lessons with public URLs; premium ones with
 * URLs signed for that user, and without URLs for nobody. Shared by the lesson answer and the review's listening
 * cards.
 */
export function lessonMediaFor(
  deps: TLessonMediaDeps,
  lesson: TLessonFile,
  viewerId?: string,
  state: TMediaState = deps.media.lesson(lesson),
): TMedia {
  if (!lesson.premium) return mediaBlock(state, (file) => freeLessonUrl(deps.mediaBaseUrl, lesson, file));
  if (!viewerId) return mediaBlock({ ...state, ready: undefined, stale: state.ready ?? state.stale }, () => '');
  const q = deps.signer.sign(`lessons/${lesson.hub}/${lesson.slug}`, viewerId, deps.now());
  const query = `?exp=${q.exp}&uid=${encodeURIComponent(q.uid)}&sig=${q.sig}`;
  return mediaBlock(state, (file) => `${lessonMediaPath(lesson.hub, lesson.slug, file)}${query}`);
}

/** An episode's audio for the feed: absolute URL, bytes and whole seconds of the rendered file. */
export interface TEpisodeAudio {
  url: string;
  bytes: number;
  durationSeconds: number;
  type: string;
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
  /**
   * Serialised lesson answers: `${hub}/${slug}/${lang}` -> [not completed, completed], for one state of the lesson's
   * media (`stamp`: the manifest's mtime and size). The catalogue never changes; the media do as the render goes on.
   * `lang` is the answer's language (contentLanguage): at most one entry per lesson and language it is translated
   * into, plus English.
   */
  private readonly lessonBodies = new Map<string, { stamp: string; pair: [TSerialised | undefined, TSerialised | undefined] }>();

  constructor(
    private readonly deps: {
      catalogue: Catalogue;
      db: TDb;
      now: () => Date;
      /** An absolute URL or path where MEDIA_DIR's free files are published (a CDN); absent: the API serves them. */
      mediaBaseUrl?: string;
      media: MediaStore;
      signer: MediaSigner;
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

  /**
   * The lesson, or a 404; a premium lesson the viewer may not read is a 403 carrying the teaser, its `titleEn` in
   * the reader's language `lang` where translated (the title and first paragraph are Polish).
   */
  readableLesson(hub: string, slug: string, viewer: TViewer, withTeaser = true, lang = 'en'): TLessonFile {
    const lesson = this.findLesson(hub, slug);
    if (!this.canRead(lesson, viewer)) {
      const id = `lessons/${lesson.hub}/${lesson.slug}`;
      const language = withTeaser ? this.contentLanguage(id, lang) : 'en';
      const teaser = () => {
        const t = lessonTeaser(lesson);
        return language === 'en' ? t : { ...t, titleEn: this.catalogue.translations(language, id)?.get('title') ?? t.titleEn };
      };
      throw new ForbiddenError(
        ERROR_CODES.premiumRequired,
        PREMIUM_REQUIRED_MESSAGE,
        withTeaser ? { teaser: teaser() } : undefined,
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
      audio: this.deps.media.summary(hub.lessons),
    };
  }

  // ---- media (docs/api.md, "Lesson media") -----------------------------------------------------------------
  get media(): MediaStore {
    return this.deps.media;
  }

  get signer(): MediaSigner {
    return this.deps.signer;
  }

  /** The lesson's media for `viewerId` (premium: URLs signed for that user; free: public URLs). */
  lessonMedia(lesson: TLessonFile, viewerId?: string, state: TMediaState = this.deps.media.lesson(lesson)): TMedia {
    return lessonMediaFor(this.deps, lesson, viewerId, state);
  }

  private episodeUrl(slug: string, file: string): string {
    const base = this.deps.mediaBaseUrl;
    return base ? `${base}/podcast/${slug}/${file}` : episodeMediaPath(slug, file);
  }

  /** The episode's rendered normal track, when ready. */
  episodeAudio(data: TPodcastEntry['data']): Omit<TEpisodeAudio, 'url'> & { path: string } | undefined {
    const track = this.deps.media.episode(data).ready?.tracks.find((t) => t.speed === 'normal');
    if (!track) return undefined;
    return { path: this.episodeUrl(data.slug, track.file), bytes: track.bytes, durationSeconds: Math.round(track.durationMs / 1000), type: MEDIA_FORMAT.mime };
  }

  /** The home page's Story of the day with its rendered audio (free media, like a free lesson's). */
  storyOfTheDay(): TStoryOfTheDayResponse {
    const base = this.deps.mediaBaseUrl;
    return {
      pl: STORY_OF_THE_DAY.pl,
      en: STORY_OF_THE_DAY.en,
      media: mediaBlock(this.deps.media.story(), (file) => (base ? `${base}/story/${file}` : storyMediaPath(file))),
    };
  }

  /**
   * An episode's chapters (docs/api.md, "Podcast chapters"): the titles and first lines of its file, each with
   * where that line starts in the rendered normal track once it exists.
   */
  episodeChapters(data: TPodcastEntry['data']): TPodcastChapter[] {
    const track = this.deps.media.episode(data).ready?.tracks.find((t) => t.speed === 'normal');
    return (data.chapters ?? []).map(({ line, title }) => {
      const startMs = track?.sentences.find((s) => s.p === 0 && s.s === line)?.startMs;
      return { title, line, ...(startMs === undefined ? {} : { startMs }) };
    });
  }

  /** The chapters as Podcasting 2.0 JSON chapters; undefined without chapters or while the audio is prepared. */
  jsonChapters(slug: string): TJsonChapters | undefined {
    const entry = this.catalogue.episode(slug);
    if (!entry) throw new NotFoundError(ERROR_CODES.notFound, `No podcast episode "${slug}"`);
    const chapters = this.episodeChapters(entry.data);
    if (!chapters.length || chapters.some((c) => c.startMs === undefined)) return undefined;
    return {
      version: '1.2.0',
      title: entry.data.title,
      podcastName: PODCAST_TITLE,
      chapters: chapters.map((c) => ({ startTime: (c.startMs ?? 0) / 1000, title: c.title })),
    };
  }

  hubs(): THubSummary[] {
    return this.catalogue.hubs.map((h) => this.hubSummary(h));
  }

  /**
   * The language an item is answered in for a reader of `lang` (docs/api.md, "Language of the content"): `lang`
   * when the item has translations into it, else English.
   */
  contentLanguage(id: string, lang: string): TNativeLanguageCode {
    return lang !== 'en' && this.catalogue.translations(lang, id) ? (lang as TNativeLanguageCode) : 'en';
  }

  /** A hub list's language for a reader of `lang`: `lang` when any of its lessons is translated into it. */
  hubLanguage(id: string, lang: string): TNativeLanguageCode {
    const hub = this.findHub(id);
    return hub.lessons.some((l) => this.contentLanguage(`lessons/${l.hub}/${l.slug}`, lang) !== 'en')
      ? (lang as TNativeLanguageCode)
      : 'en';
  }

  async hubLessons(
    id: string,
    userId?: string,
    lang = 'en',
  ): Promise<{ hub: THubSummary; lessons: TLessonSummary[] }> {
    const hub = this.findHub(id);
    const done = userId ? await this.completedSlugs(userId, hub.id) : new Set<string>();
    return {
      hub: this.hubSummary(hub),
      lessons: hub.lessons.map((l) => {
        const fileId = `lessons/${l.hub}/${l.slug}`;
        const language = this.contentLanguage(fileId, lang);
        const loc = new Localiser(language === 'en' ? undefined : this.catalogue.translations(language, fileId));
        const translated = {
          titleEn: language === 'en' ? l.titleEn : loc.t('title', l.titleEn),
          summary: language === 'en' ? l.summary : loc.t('summary', l.summary),
        };
        return {
          hub: l.hub,
          slug: l.slug,
          order: l.order,
          title: l.title,
          titleEn: translated.titleEn,
          level: l.level,
          premium: l.premium,
          summary: translated.summary,
          readingMinutes: l.readingMinutes,
          path: lessonPath(l.hub, l.slug),
          completed: done.has(l.slug),
          lang: language,
          ...(loc.fallback.length ? { fallback: loc.fallback } : {}),
        };
      }),
    };
  }

  async lessonResponse(lesson: TLessonFile, userId?: string, lang = 'en'): Promise<TLessonResponse> {
    const completed = userId
      ? (await this.deps.db.lessonProgress.count({ where: { userId, hub: lesson.hub, slug: lesson.slug } })) > 0
      : false;
    const state = this.deps.media.lesson(lesson);
    const payload = this.lessonPayload(lesson, completed, state, lang);
    return lesson.premium ? { ...payload, ...this.mediaFields(lesson, userId, state) } : payload;
  }

  private mediaFields(lesson: TLessonFile, viewerId: string | undefined, state: TMediaState): Pick<TLessonResponse, 'media' | 'audioUrl'> {
    const media = this.lessonMedia(lesson, viewerId, state);
    const normal = media.tracks.find((t) => t.speed === 'normal');
    return { media, ...(normal ? { audioUrl: normal.url } : {}) };
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
  lessonAnswer(lesson: TLessonFile, completed: boolean, viewerId?: string, lang = 'en'): TSerialised {
    const language = this.contentLanguage(`lessons/${lesson.hub}/${lesson.slug}`, lang);
    const key = `${lesson.hub}/${lesson.slug}/${language}`;
    const state = this.deps.media.lesson(lesson);
    let entry = this.lessonBodies.get(key);
    if (!entry || entry.stamp !== state.stamp) {
      // only lessons of the catalogue reach here (findLesson), so the map holds at most one entry per lesson
      entry = { stamp: state.stamp, pair: [undefined, undefined] };
      this.lessonBodies.set(key, entry);
    }
    const i = completed ? 1 : 0;
    let answer = entry.pair[i];
    if (!answer) {
      const body = Buffer.from(JSON.stringify(this.lessonPayload(lesson, completed, state, language)), 'utf8');
      answer = { body, etag: expressEtag(body) };
      entry.pair[i] = answer;
    }
    if (!lesson.premium) return answer;
    // a premium lesson's media URLs are signed for the reader: added to the shared bytes (an object's last '}')
    const extra = JSON.stringify(this.mediaFields(lesson, viewerId, state));
    const body = Buffer.concat([answer.body.subarray(0, answer.body.length - 1), Buffer.from(`,${extra.slice(1)}`, 'utf8')]);
    return { body, etag: expressEtag(body) };
  }

  /**
   * The lesson's answer in `lang` (English where a translation is missing); a free lesson's media (the same for
   * everyone) included, a premium one's added per reader.
   */
  private lessonPayload(lesson: TLessonFile, completed: boolean, state: TMediaState, lang = 'en'): TLessonResponse {
    const english = this.englishPayload(lesson, completed, state);
    const fileId = `lessons/${lesson.hub}/${lesson.slug}`;
    const language = this.contentLanguage(fileId, lang);
    if (language === 'en') return { ...english, lang: 'en' };
    const loc = new Localiser(this.catalogue.translations(language, fileId));
    const vk = vocabularyKeys(lesson);
    const topics = new Map<string, Localiser>();
    const topic = (id: string) => {
      let t = topics.get(id);
      if (!t) {
        t = new Localiser(this.catalogue.translations(language, `grammar/${id}`), `grammar/${id}:`);
        topics.set(id, t);
      }
      return t;
    };
    const out: TLessonResponse = {
      ...english,
      titleEn: loc.t('title', english.titleEn),
      summary: loc.t('summary', english.summary),
      paragraphs: english.paragraphs.map((p, i) => ({
        sentences: p.sentences.map((s, j) => ({ ...s, en: loc.t(`p${i}.s${j}`, s.en) })),
      })),
      vocabulary: english.vocabulary.map((v, i) => ({ ...v, en: loc.t(vk[i], v.en) })),
      questions: english.questions.map((q, i) => ({ ...q, questionEn: loc.t(`q${i}`, q.questionEn) })),
      ...(english.grammar ? { grammar: english.grammar.map((n) => localiseNote(n, topic(n.topic), loc)) } : {}),
      ...(english.annotations ? { annotations: localiseAnnotations(english.annotations, loc) } : {}),
    };
    const fallback = [...loc.fallback, ...[...topics.values()].flatMap((t) => t.fallback)];
    return { ...out, lang: language, ...(fallback.length ? { fallback } : {}) };
  }

  private englishPayload(lesson: TLessonFile, completed: boolean, state: TMediaState): TLessonResponse {
    const { prev, next } = this.catalogue.neighbours(lesson);
    const link = (l?: TLessonFile): TLessonLink | null =>
      l ? { slug: l.slug, title: l.title, path: lessonPath(l.hub, l.slug), premium: l.premium } : null;
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
      ...(lesson.premium ? {} : this.mediaFields(lesson, undefined, state)),
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
  episodeSummary({ data }: TPodcastEntry): TPodcastEpisodeSummary {
    const audio = this.episodeAudio(data);
    return {
      slug: data.slug,
      number: data.number,
      title: data.title,
      date: data.date,
      description: data.description,
      // the rendered file's length once it exists, else what the episode states
      durationSeconds: audio?.durationSeconds ?? data.durationSeconds ?? 0,
      level: data.level,
      // while the audio is being prepared, a URL that answers 404 (audio_not_available)
      audioUrl: audio?.path ?? episodeMediaPath(data.slug, 'normal.mp3'),
      path: `/podcast/${data.slug}`,
    };
  }

  /**
   * The podcast list's or the blog's language for a reader of `lang` (docs/api.md, "Language of the content"):
   * `lang` when any of its items is translated into it.
   */
  listLanguage(list: 'podcast' | 'blog', lang: string): TNativeLanguageCode {
    const ids =
      list === 'podcast'
        ? this.catalogue.podcast.map((e) => `podcast/${e.data.slug}`)
        : this.catalogue.blog.map((p) => `blog/${p.data.slug}`);
    return ids.some((id) => this.contentLanguage(id, lang) !== 'en') ? (lang as TNativeLanguageCode) : 'en';
  }

  /** An item's `title` and `description` in `lang` where translated, with the language fields. */
  private inLanguage<T extends { title: string; description: string }>(item: T, fileId: string, lang: string) {
    const language = this.contentLanguage(fileId, lang);
    if (language === 'en') return { ...item, lang: language };
    const loc = new Localiser(this.catalogue.translations(language, fileId));
    return {
      ...item,
      title: loc.t('title', item.title),
      description: loc.t('description', item.description),
      lang: language,
      ...(loc.fallback.length ? { fallback: loc.fallback } : {}),
    };
  }

  episodes(lang = 'en'): TPodcastEpisodeSummary[] {
    return this.catalogue.podcast.map((e) => this.inLanguage(this.episodeSummary(e), `podcast/${e.data.slug}`, lang));
  }

  episode(slug: string, lang = 'en'): TPodcastEpisodeResponse {
    const entry = this.catalogue.episode(slug);
    if (!entry) throw new NotFoundError(ERROR_CODES.notFound, `No podcast episode "${slug}"`);
    const annotations = this.catalogue.episodeAnnotations(slug);
    const fileId = `podcast/${slug}`;
    const language = this.contentLanguage(fileId, lang);
    // English: every text as the file has it, and nothing looked up
    const loc = new Localiser(language === 'en' ? undefined : this.catalogue.translations(language, fileId));
    const t = (key: string, en: string) => (language === 'en' ? en : loc.t(key, en));
    const summary = this.episodeSummary(entry);
    const notes = t('notes', entry.body);
    return {
      ...summary,
      title: t('title', summary.title),
      description: t('description', summary.description),
      showNotesMarkdown: notes,
      showNotesHtml: renderMarkdown(notes),
      transcript: entry.data.transcript.map(({ words: _words, ...line }, i) => ({ ...line, en: t(`line.${i}`, line.en) })),
      chapters: this.episodeChapters(entry.data),
      ...(annotations ? { annotations: language === 'en' ? annotations : localiseAnnotations(annotations, loc) } : {}),
      media: mediaBlock(this.deps.media.episode(entry.data), (file) => this.episodeUrl(slug, file)),
      lang: language,
      ...(loc.fallback.length ? { fallback: loc.fallback } : {}),
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

  posts(lang = 'en'): TBlogPostSummary[] {
    return this.catalogue.blog.map((p) => this.inLanguage(this.postSummary(p), `blog/${p.data.slug}`, lang));
  }

  /** A post: its title and description in `lang` where translated, its body in English (docs/api.md). */
  post(slug: string, lang = 'en'): TBlogPostResponse {
    const entry = this.catalogue.post(slug);
    if (!entry) throw new NotFoundError(ERROR_CODES.notFound, `No blog post "${slug}"`);
    return {
      ...this.inLanguage(this.postSummary(entry), `blog/${slug}`, lang),
      bodyMarkdown: entry.body,
      bodyHtml: renderMarkdown(entry.body),
    };
  }
}
