import {
  BLANK,
  CARD_TYPES,
  ERROR_CODES,
  lessonPath,
  scoreTypedAnswer,
  tokenize,
  ZLemmaSchema,
  MAX_IMPORT_LINES,
  VALIDATION_ISSUE_CODES,
  type TCardType,
  type TImportKnownResponse,
  type TLearnerSettings,
  type TLessonFile,
  type TLessonStatusesResponse,
  type TProgressSummaryResponse,
  type TReviewAnswerRequest,
  type TReviewAnswerResponse,
  type TReviewItem,
  type TReviewQueueResponse,
  type TReviewRating,
  type TSavedWord,
  type TSaveWordRequest,
  type TSetWordStatusRequest,
  type TSetWordStatusResponse,
  type TWordStatusValue,
} from '@polski/contracts';
import { createEmptyCard, fsrs, Rating, type Card, type FSRS, type Grade } from 'ts-fsrs';
import type pg from 'pg';
import type { ReviewCard, SavedWord } from '../../generated/prisma/client';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  ValidationError,
} from '../../lib/errors';
import type { TAuthUser } from '../auth/user-record';
import type { Catalogue } from '../content/catalogue';
import { meaningKeys, type TUnit } from '../content/i18n';
import { PREMIUM_REQUIRED_MESSAGE } from '../content/content.service';
import { hasActivePremium } from '../premium/access';
import { ActivityRecorder, dayRows, DEFAULT_TIME_ZONE, type TDbClient } from './activity';
import { dayDate, dayOf, streakOn } from './days';
import { csvFile, ankiFile } from './export-files';
import { answerContext, statusRows, writeAnswer, type TCardWithWord } from './hot-sql';

export const DEFAULT_SETTINGS: TLearnerSettings = {
  timeZone: DEFAULT_TIME_ZONE,
  goalKind: 'items',
  goalAmount: 20,
  newPerDay: 10,
  reviewsPerDay: 100,
  reviewReminders: false,
};

/** At most this many cards per queue answer; the client asks again when it has worked through them. */
export const QUEUE_PAGE = 50;
/** A review counts at most this long towards the minutes goal (a card left open is not study time). */
export const MAX_REVIEW_SECONDS = 120;

const RATINGS: Record<TReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** A listening card's sound: the lesson track and the sentence's span in it. */
export type TSentenceAudio = NonNullable<TReviewItem['audio']>;

/** A card row as ts-fsrs takes it (field for field: docs/database.md, "Learning tables"). */
export function toFsrsCard(row: ReviewCard): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.lastReview ?? undefined,
  };
}

function cardColumns(card: Card) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** The card before an answer as the log keeps it (JSON: dates as ISO strings), and back. */
function cardSnapshot(row: ReviewCard) {
  const c = cardColumns(toFsrsCard(row));
  return { ...c, due: c.due.toISOString(), lastReview: c.lastReview ? c.lastReview.toISOString() : null };
}
function fromSnapshot(json: unknown): ReturnType<typeof cardColumns> {
  const s = json as ReturnType<typeof cardSnapshot>;
  return { ...s, due: new Date(s.due), lastReview: s.lastReview ? new Date(s.lastReview) : null };
}

function statusValue(row: { status: string; stage: number } | undefined | null): TWordStatusValue {
  if (!row) return { status: 'new' };
  return row.status === 'learning'
    ? { status: 'learning', stage: row.stage }
    : { status: row.status as 'known' | 'ignored' };
}

/**
 * Saved words, statuses, FSRS review, progress and export/import (docs/product.md, "Saved words and review").
 * Scheduling is ts-fsrs's (default parameters, no fuzz, so a due date follows from the answers alone).
 */
export class LearningService {
  private readonly scheduler: FSRS = fsrs({ enable_fuzz: false });
  private dictionaryCache?: { exact: Set<string>; folded: Map<string, string> };
  /** Each lesson's distinct lemmas, in the annotations' order (the catalogue does not change while running). */
  private readonly lessonLemmas = new WeakMap<TLessonFile, string[]>();
  /** Each lesson's meaning keys in its translation files (`word.<lemma>.<n>`), by lemma and English meaning. */
  private readonly lessonMeaningKeys = new WeakMap<TLessonFile, Map<string, TUnit>>();

  constructor(
    private readonly deps: {
      db: TDb;
      /** the pool under `db`, for the statements written in SQL (hot-sql.ts) */
      pool: pg.Pool;
      catalogue: Catalogue;
      clock: TClock;
      activity: ActivityRecorder;
      /** Where a sentence is in its lesson's rendered audio, for this learner; undefined while none is ready. */
      sentenceAudio?: (
        lesson: TLessonFile,
        p: number,
        s: number,
        userId: string,
      ) => TSentenceAudio | undefined;
    },
  ) {}

  private get db(): TDb {
    return this.deps.db;
  }
  private now(): Date {
    return this.deps.clock.now();
  }

  // ---- the dictionary ----------------------------------------------------------------------------------------

  /**
   * The lemmas the product knows: every lexeme of the catalogue's annotations (lessons and podcast). A status can
   * only ever show on these, so an import reports the others instead of storing them.
   */
  private dictionary(): { exact: Set<string>; folded: Map<string, string> } {
    if (!this.dictionaryCache) {
      const exact = new Set<string>();
      const c = this.deps.catalogue;
      const all = [
        ...c.allLessons().map((l) => c.lessonAnnotations(l)),
        ...c.podcast.map((e) => c.episodeAnnotations(e.data.slug)),
      ];
      for (const a of all) for (const x of a?.lexemes ?? []) if (x.pos !== 'number') exact.add(x.lemma);
      const folded = new Map<string, string>();
      for (const l of exact)
        if (!folded.has(l.toLocaleLowerCase('pl'))) folded.set(l.toLocaleLowerCase('pl'), l);
      this.dictionaryCache = { exact, folded };
    }
    return this.dictionaryCache;
  }

  /** The dictionary's spelling of a lemma (exact, else ignoring case: "Pies" is pies), or undefined. */
  lookUpLemma(text: string): string | undefined {
    const t = text.normalize('NFC').trim();
    const d = this.dictionary();
    return d.exact.has(t) ? t : d.folded.get(t.toLocaleLowerCase('pl'));
  }

  private findLesson(hub: string, slug: string): TLessonFile {
    const lesson = this.deps.catalogue.lesson(hub, slug);
    if (!lesson) throw new NotFoundError(ERROR_CODES.notFound, `No lesson "${slug}" in ${hub}`);
    return lesson;
  }

  // ---- settings ----------------------------------------------------------------------------------------------

  async settings(userId: string): Promise<TLearnerSettings> {
    const row = await this.db.learnerSettings.findUnique({ where: { userId } });
    if (!row) return { ...DEFAULT_SETTINGS };
    return {
      timeZone: row.timeZone,
      goalKind: row.goalKind as TLearnerSettings['goalKind'],
      goalAmount: row.goalAmount,
      newPerDay: row.newPerDay,
      reviewsPerDay: row.reviewsPerDay,
      reviewReminders: row.reviewReminders,
    };
  }

  async updateSettings(userId: string, s: TLearnerSettings): Promise<TLearnerSettings> {
    await this.db.learnerSettings.upsert({ where: { userId }, create: { userId, ...s }, update: s });
    return this.settings(userId);
  }

  // ---- saved words -------------------------------------------------------------------------------------------

  /**
   * Saves the word at hub/slug/p/s/t. Everything stored is read from the catalogue (never the client's text); a
   * premium lesson's words only for a learner who can read it. One saved word and one card per lemma.
   */
  async saveWord(user: TAuthUser, at: TSaveWordRequest): Promise<{ created: boolean; word: TSavedWord }> {
    const lesson = this.findLesson(at.hub, at.slug);
    if (lesson.premium && !hasActivePremium(user, this.now()))
      throw new ForbiddenError(ERROR_CODES.premiumRequired, PREMIUM_REQUIRED_MESSAGE);
    const sentence = lesson.paragraphs[at.p]?.sentences[at.s];
    if (!sentence)
      throw new NotFoundError(ERROR_CODES.notFound, 'No such paragraph or sentence in this lesson');
    const token = tokenize(sentence.pl)[at.t];
    if (!token) throw new NotFoundError(ERROR_CODES.notFound, 'No such word in this sentence');
    if (token.kind !== 'word')
      throw new BadRequestError(ERROR_CODES.notAWord, 'This token is a number, not a word');
    const block = lesson.paragraphs.slice(0, at.p).reduce((n, p) => n + p.sentences.length, 0) + at.s;
    const annotations = this.deps.catalogue.lessonAnnotations(lesson);
    const annotation = annotations?.blocks[block]?.[at.t];
    if (!annotations || !annotation)
      throw new NotFoundError(ERROR_CODES.notFound, 'This lesson has no word annotations to save from');
    const lexeme = annotations.lexemes[annotation.lexeme];

    const userId = user.id;
    const existing = await this.db.savedWord.findUnique({
      where: { userId_lemma: { userId, lemma: lexeme.lemma } },
      include: { card: true },
    });
    if (existing)
      return { created: false, word: await this.savedWordOut(existing, undefined, user.nativeLanguage) };

    const now = this.now();
    try {
      const saved = await this.db.$transaction(async (tx) => {
        const word = await tx.savedWord.create({
          data: {
            userId,
            lemma: lexeme.lemma,
            pos: lexeme.pos,
            form: token.text,
            sentence: sentence.pl,
            translation: sentence.en,
            hub: lesson.hub,
            slug: lesson.slug,
            paragraph: at.p,
            sentenceIndex: at.s,
            token: at.t,
            meaning: annotation.meaning ?? lexeme.meaning,
          },
        });
        const card = await tx.reviewCard.create({
          data: { userId, savedWordId: word.id, ...cardColumns(createEmptyCard(now)) },
        });
        // saving a new lemma starts learning it (LingQ); a status it already has stays
        await tx.wordStatus.createMany({
          data: [{ userId, lemma: lexeme.lemma, status: 'learning', stage: 1 }],
          skipDuplicates: true,
        });
        return { ...word, card };
      });
      return { created: true, word: await this.savedWordOut(saved, undefined, user.nativeLanguage) };
    } catch (e) {
      // the same lemma saved by two requests at once: the first one's word
      if (!isUniqueViolation(e)) throw e;
      const first = await this.db.savedWord.findUniqueOrThrow({
        where: { userId_lemma: { userId, lemma: lexeme.lemma } },
        include: { card: true },
      });
      return { created: false, word: await this.savedWordOut(first, undefined, user.nativeLanguage) };
    }
  }

  /**
   * A saved word's sentence translation and meaning in the reader's language (docs/product.md, "Saved words"): the
   * lesson's translation file's texts while the word's place still holds the sentence it was saved from and its
   * texts are current; else the English kept with the word (also for English readers).
   */
  private inLanguage(w: SavedWord, lang: string): { translation: string; meaning: string } {
    const kept = { translation: w.translation, meaning: w.meaning };
    if (lang === 'en') return kept;
    const lesson = this.deps.catalogue.lesson(w.hub, w.slug);
    const texts = lesson && this.deps.catalogue.translations(lang, `lessons/${w.hub}/${w.slug}`);
    if (!lesson || !texts) return kept;
    const sameSentence = lesson.paragraphs[w.paragraph]?.sentences[w.sentenceIndex]?.pl === w.sentence;
    let keys = this.lessonMeaningKeys.get(lesson);
    if (!keys) {
      keys = meaningKeys(this.deps.catalogue.lessonAnnotations(lesson)).words;
      this.lessonMeaningKeys.set(lesson, keys);
    }
    const meaningKey = keys.get(`${w.lemma}\n${w.meaning}`)?.key;
    return {
      translation: (sameSentence && texts.get(`p${w.paragraph}.s${w.sentenceIndex}`)) || w.translation,
      meaning: (meaningKey && texts.get(meaningKey)) || w.meaning,
    };
  }

  private async savedWordOut(
    w: SavedWord & { card: ReviewCard | null },
    status?: TWordStatusValue,
    lang = 'en',
  ): Promise<TSavedWord> {
    const s =
      status ??
      statusValue(
        await this.db.wordStatus.findUnique({
          where: { userId_lemma: { userId: w.userId, lemma: w.lemma } },
        }),
      );
    const { translation, meaning } = this.inLanguage(w, lang);
    return {
      id: w.id,
      lemma: w.lemma,
      pos: w.pos as TSavedWord['pos'],
      form: w.form,
      sentence: w.sentence,
      translation,
      meaning,
      hub: w.hub,
      slug: w.slug,
      p: w.paragraph,
      s: w.sentenceIndex,
      t: w.token,
      status: s,
      due: (w.card?.due ?? w.createdAt).toISOString(),
      createdAt: w.createdAt.toISOString(),
    };
  }

  async savedWords(userId: string, lang = 'en'): Promise<TSavedWord[]> {
    const [words, statuses] = await Promise.all([
      this.db.savedWord.findMany({
        where: { userId },
        include: { card: true },
        orderBy: { createdAt: 'desc' },
      }),
      this.db.wordStatus.findMany({ where: { userId } }),
    ]);
    const byLemma = new Map(statuses.map((s) => [s.lemma, s]));
    return Promise.all(words.map((w) => this.savedWordOut(w, statusValue(byLemma.get(w.lemma)), lang)));
  }

  /** Unsaves a word: its card and logs go (cascade); the lemma's status stays. */
  async unsaveWord(userId: string, id: string): Promise<{ lemma: string }> {
    const word = await this.db.savedWord.findFirst({ where: { id, userId }, select: { lemma: true } });
    if (!word) throw new NotFoundError(ERROR_CODES.wordNotFound, 'No saved word with this id');
    await this.db.savedWord.deleteMany({ where: { id, userId } });
    return word;
  }

  // ---- statuses ----------------------------------------------------------------------------------------------

  async setStatus(userId: string, req: TSetWordStatusRequest): Promise<TSetWordStatusResponse> {
    const lemma = this.lookUpLemma(req.lemma);
    if (!lemma) throw ValidationError.field('lemma', `Not in the dictionary: ${req.lemma}`);
    if (req.status === 'new') {
      await this.db.wordStatus.deleteMany({ where: { userId, lemma } });
      return { lemma, status: 'new' };
    }
    const data = { status: req.status, stage: req.status === 'learning' ? (req.stage ?? 1) : 0 };
    // an unchanged status is not written: its updated_at says since when it holds (the known-words history)
    const before = await this.db.wordStatus.findUnique({ where: { userId_lemma: { userId, lemma } } });
    if (before?.status === data.status && before.stage === data.stage) return { lemma, ...statusValue(data) };
    await this.db.wordStatus.upsert({
      where: { userId_lemma: { userId, lemma } },
      create: { userId, lemma, ...data },
      update: data,
    });
    return { lemma, ...statusValue(data) };
  }

  /** The end-of-lesson action: lemmas still new become known; the others keep their status. */
  async markKnown(userId: string, lemmas: string[]): Promise<{ marked: number }> {
    const resolved = lemmas.map((l) => this.lookUpLemma(l));
    const unknown = lemmas.filter((_l, i) => !resolved[i]);
    if (unknown.length)
      throw ValidationError.field('lemmas', `Not in the dictionary: ${unknown.slice(0, 10).join(', ')}`);
    const { count } = await this.db.wordStatus.createMany({
      data: [...new Set(resolved as string[])].map((lemma) => ({ userId, lemma, status: 'known', stage: 0 })),
      skipDuplicates: true,
    });
    return { marked: count };
  }

  /** The statuses of one lesson's lemmas (one query on the primary key); a lemma left out is new. */
  async lessonStatuses(userId: string, hub: string, slug: string): Promise<TLessonStatusesResponse> {
    const lesson = this.findLesson(hub, slug);
    let lemmas = this.lessonLemmas.get(lesson);
    if (!lemmas) {
      lemmas = [...new Set(this.deps.catalogue.lessonAnnotations(lesson)?.lexemes.map((x) => x.lemma) ?? [])];
      this.lessonLemmas.set(lesson, lemmas);
    }
    const rows = lemmas.length ? await statusRows(this.deps.pool, userId, lemmas) : [];
    const statuses: TLessonStatusesResponse['statuses'] = {};
    for (const r of rows) statuses[r.lemma] = statusValue(r);
    return { statuses };
  }

  // ---- review ------------------------------------------------------------------------------------------------

  /**
   * The type of a card's next review: meaning recall, cloze of its sentence, and listening where the lesson has
   * audio, taken in turn by the card's number of reviews (so the first review of a word is meaning recall, and a
   * test can say which type comes: docs/product.md, "Card types").
   */
  cardTypeOf(card: ReviewCard, word: SavedWord): TCardType {
    const types = CARD_TYPES.filter((t) => t !== 'listening' || this.sentenceAudioOf(word) !== undefined);
    return types[card.reps % types.length];
  }

  private sentenceAudioOf(word: SavedWord): TSentenceAudio | undefined {
    const lesson = this.deps.catalogue.lesson(word.hub, word.slug);
    return lesson && this.deps.sentenceAudio?.(lesson, word.paragraph, word.sentenceIndex, word.userId);
  }

  private reviewItem(row: TCardWithWord, now: Date, lang = 'en'): TReviewItem {
    const w = row.savedWord;
    const type = this.cardTypeOf(row, w);
    const preview = this.scheduler.repeat(toFsrsCard(row), now);
    let sentence = w.sentence;
    if (type !== 'meaning') {
      const token = tokenize(w.sentence)[w.token];
      if (token) sentence = `${w.sentence.slice(0, token.start)}${BLANK}${w.sentence.slice(token.end)}`;
    }
    const audio = type === 'listening' ? this.sentenceAudioOf(w) : undefined;
    const { translation, meaning } = this.inLanguage(w, lang);
    return {
      cardId: row.id,
      type,
      isNew: row.state === 0,
      lemma: w.lemma,
      pos: w.pos as TReviewItem['pos'],
      meaning,
      ...(type === 'meaning' ? { form: w.form } : {}),
      sentence,
      translation,
      ...(audio ? { audio } : {}),
      hub: w.hub,
      slug: w.slug,
      p: w.paragraph,
      s: w.sentenceIndex,
      intervals: {
        again: preview[Rating.Again].card.due.toISOString(),
        hard: preview[Rating.Hard].card.due.toISOString(),
        good: preview[Rating.Good].card.due.toISOString(),
        easy: preview[Rating.Easy].card.due.toISOString(),
      },
    };
  }

  /** What is left of today's limits: the settings' per-day numbers minus today's activity. */
  private async limitsLeft(db: TDbClient, userId: string, now: Date, known?: TLearnerSettings) {
    const settings = known ?? (await this.settings(userId));
    const today = dayOf(now, settings.timeZone);
    const act = await db.activityDay.findUnique({ where: { userId_day: { userId, day: dayDate(today) } } });
    return {
      today,
      newLeft: Math.max(0, settings.newPerDay - (act?.newCards ?? 0)),
      // answers to cards that were new count against the new-cards limit only
      reviewsLeft: Math.max(0, settings.reviewsPerDay - ((act?.reviews ?? 0) - (act?.newCards ?? 0))),
    };
  }

  /**
   * Due cards within today's limits: reviews (cards answered before) first, then new cards, each group by due
   * date; at most QUEUE_PAGE. Each group walks its own partial (user_id, due) index (migration
   * 20261127210000_review_queue_indexes).
   */
  async queue(
    userId: string,
    page = QUEUE_PAGE,
    settings?: TLearnerSettings,
    lang = 'en',
  ): Promise<TReviewQueueResponse> {
    const now = this.now();
    const { newLeft, reviewsLeft } = await this.limitsLeft(this.db, userId, now, settings);
    const due = (isNew: boolean, take: number) =>
      take > 0
        ? this.db.reviewCard.findMany({
            where: { userId, due: { lte: now }, state: isNew ? 0 : { not: 0 } },
            orderBy: [{ due: 'asc' }, { id: 'asc' }],
            take,
            include: { savedWord: true },
          })
        : Promise.resolve([]);
    const reviews = await due(false, Math.min(reviewsLeft, page));
    const fresh = await due(true, Math.min(newLeft, page - reviews.length));
    return {
      items: [...reviews, ...fresh].map((r) => this.reviewItem(r, now, lang)),
      newLeft: newLeft - fresh.length,
      reviewsLeft: reviewsLeft - reviews.length,
    };
  }

  /**
   * Answers a due card with ts-fsrs's `next` (docs/product.md, "Review"). A typed answer of a cloze or listening
   * card is scored as the lesson's cloze scores it; a wrong one is graded `again`. The log keeps the card as it
   * was, for undo. Two answers to the same review at once: the second finds the card changed and is refused.
   */
  async answer(userId: string, req: TReviewAnswerRequest, lang = 'en'): Promise<TReviewAnswerResponse> {
    const now = this.now();
    const context = await answerContext(this.deps.pool, userId, req.cardId, now.toISOString().slice(0, 10));
    if (!context) throw new NotFoundError(ERROR_CODES.wordNotFound, 'No card with this id');
    const row = context.card;
    if (row.due.getTime() > now.getTime())
      throw new ConflictError(ERROR_CODES.reviewNotDue, 'This card is not due yet');
    const type = this.cardTypeOf(row, row.savedWord);
    if (type !== req.type)
      throw new ConflictError(ERROR_CODES.reviewNotDue, `This review of the card is a ${type} card`);
    let rating = req.rating;
    let score: TReviewAnswerResponse['score'];
    if (type !== 'meaning' && req.typed !== undefined) {
      score = scoreTypedAnswer(req.typed, row.savedWord.form);
      if (score === 'wrong') rating = 'again';
    }
    const next = this.scheduler.next(toFsrsCard(row), now, RATINGS[rating]).card;
    const seconds = Math.round(Math.min(req.durationMs ?? 0, MAX_REVIEW_SECONDS * 1000) / 1000);
    const isNew = row.state === 0;
    const limits = { ...DEFAULT_SETTINGS, ...context.settings };
    const today = dayOf(now, limits.timeZone);
    const answered = (following: TReviewItem | null): TReviewAnswerResponse => ({
      cardId: row.id,
      rating,
      ...(score ? { score, expected: row.savedWord.form } : {}),
      due: next.due.toISOString(),
      next: following,
    });
    if (context.daysNear.includes(today)) {
      // the day has its activity row: one statement (hot-sql.ts)
      const written = await writeAnswer(this.deps.pool, {
        userId,
        before: { id: row.id, reps: row.reps, due: row.due },
        next: cardColumns(next),
        day: today,
        newCard: isNew,
        seconds,
        log: {
          rating: RATINGS[rating],
          cardType: type,
          state: row.state,
          cardBefore: cardSnapshot(row),
          review: now,
        },
        now,
        newPerDay: limits.newPerDay,
        reviewsPerDay: limits.reviewsPerDay,
      });
      if (!written.updated)
        throw new ConflictError(ERROR_CODES.reviewNotDue, 'This card was answered meanwhile');
      return answered(written.next ? this.reviewItem(written.next, now, lang) : null);
    }
    // the learner's first activity of the day: the day's row is created and a streak freeze may be spent
    // (ActivityRecorder), in one transaction with the answer
    const settings = await this.settings(userId);
    await this.db.$transaction(async (tx) => {
      const { count } = await tx.reviewCard.updateMany({
        where: { id: row.id, reps: row.reps, due: row.due },
        data: cardColumns(next),
      });
      if (count === 0) throw new ConflictError(ERROR_CODES.reviewNotDue, 'This card was answered meanwhile');
      const day = await this.deps.activity.record(
        userId,
        { reviews: 1, newCards: isNew ? 1 : 0, items: 1, seconds },
        { db: tx, day: dayOf(now, settings.timeZone) },
      );
      await tx.reviewLog.create({
        data: {
          userId,
          cardId: row.id,
          rating: RATINGS[rating],
          cardType: type,
          state: row.state,
          cardBefore: cardSnapshot(row),
          day: dayDate(day),
          seconds,
          review: now,
        },
      });
    });
    const following = await this.queue(userId, 1, settings, lang);
    return answered(following.items[0] ?? null);
  }

  /** Undoes the learner's last answer: the card exactly as before it, the log deleted, the day's counts back. */
  async undo(userId: string, lang = 'en'): Promise<{ item: TReviewItem }> {
    const restored = await this.db.$transaction(async (tx) => {
      const log = await tx.reviewLog.findFirst({
        where: { userId },
        orderBy: [{ review: 'desc' }, { id: 'desc' }],
      });
      if (!log) throw new NotFoundError(ERROR_CODES.nothingToUndo, 'No answer to undo');
      // two undos at once: the second waits for the first's delete and finds nothing left to undo
      const { count } = await tx.reviewLog.deleteMany({ where: { id: log.id } });
      if (count === 0) throw new NotFoundError(ERROR_CODES.nothingToUndo, 'This answer was already undone');
      const card = await tx.reviewCard.update({
        where: { id: log.cardId },
        data: fromSnapshot(log.cardBefore),
        include: { savedWord: true },
      });
      await this.deps.activity.record(
        userId,
        { reviews: -1, newCards: log.state === 0 ? -1 : 0, items: -1, seconds: -log.seconds },
        { db: tx, day: log.day.toISOString().slice(0, 10) },
      );
      return card;
    });
    return { item: this.reviewItem(restored, this.now(), lang) };
  }

  // ---- progress ----------------------------------------------------------------------------------------------

  async summary(user: TAuthUser): Promise<TProgressSummaryResponse> {
    const userId = user.id;
    const now = this.now();
    const settings = await this.settings(userId);
    const today = dayOf(now, settings.timeZone);
    const [rows, act, wordsKnown, dueNow, completed] = await Promise.all([
      dayRows(this.db, userId),
      this.db.activityDay.findUnique({ where: { userId_day: { userId, day: dayDate(today) } } }),
      this.db.wordStatus.count({ where: { userId, status: 'known' } }),
      this.db.reviewCard.count({ where: { userId, due: { lte: now } } }),
      this.db.lessonProgress.findMany({
        where: { userId },
        orderBy: { completedAt: 'desc' },
        select: { hub: true, slug: true },
      }),
    ]);
    const activity = {
      lessons: act?.lessons ?? 0,
      reviews: act?.reviews ?? 0,
      items: act?.items ?? 0,
      minutes: Math.floor((act?.seconds ?? 0) / 60),
    };
    const done = new Set(completed.map((c) => `${c.hub}/${c.slug}`));
    const hubs = this.deps.catalogue.hubs.map((h) => {
      const n = h.lessons.filter((l) => done.has(`${l.hub}/${l.slug}`)).length;
      const total = h.lessons.length;
      return { id: h.id, completed: n, total, percent: total ? Math.floor((100 * n) / total) : 0 };
    });
    return {
      today,
      streak: streakOn(rows, today),
      goal: {
        kind: settings.goalKind,
        amount: settings.goalAmount,
        done: settings.goalKind === 'minutes' ? activity.minutes : activity.items,
      },
      activity,
      wordsKnown,
      dueNow,
      hubs,
      continue: this.lessonToContinue(user, completed[0], done),
    };
  }

  /**
   * The lesson after the last one completed, in catalogue order (hubs in order, lessons by `order`), that is not
   * completed and the learner may read; the first such lesson of the catalogue when nothing is completed.
   */
  private lessonToContinue(
    user: TAuthUser,
    last: { hub: string; slug: string } | undefined,
    done: Set<string>,
  ): TProgressSummaryResponse['continue'] {
    const all = this.deps.catalogue.allLessons();
    const start = last ? all.findIndex((l) => l.hub === last.hub && l.slug === last.slug) + 1 : 0;
    const readable = (l: TLessonFile) => !l.premium || hasActivePremium(user, this.now());
    const ordered = [...all.slice(start), ...all.slice(0, start)];
    const next = ordered.find((l) => !done.has(`${l.hub}/${l.slug}`) && readable(l));
    return next
      ? { hub: next.hub, slug: next.slug, title: next.title, path: lessonPath(next.hub, next.slug) }
      : null;
  }

  // ---- export and import -------------------------------------------------------------------------------------

  async exportWords(userId: string, format: 'csv' | 'anki', lang = 'en'): Promise<string> {
    const [words, statuses] = await Promise.all([
      this.db.savedWord.findMany({
        where: { userId },
        include: { card: true },
        orderBy: { createdAt: 'asc' },
      }),
      this.db.wordStatus.findMany({ where: { userId }, orderBy: { lemma: 'asc' } }),
    ]);
    const inLang = words.map((w) => ({ ...w, ...this.inLanguage(w, lang) }));
    return format === 'csv' ? csvFile(inLang, statuses) : ankiFile(inLang);
  }

  /**
   * Imports a known-words list: one lemma per line (blank lines and # comments skipped). Lemmas of the dictionary
   * become known unless already known or ignored; the other lines are reported with their line numbers.
   */
  async importKnown(userId: string, text: string): Promise<TImportKnownResponse> {
    const lines = text.split(/\r\n|\r|\n/);
    if (lines.length > MAX_IMPORT_LINES)
      throw ValidationError.field('text', `At most ${MAX_IMPORT_LINES} lines (one lemma per line)`, {
        code: VALIDATION_ISSUE_CODES.tooManyLines,
        params: { max: MAX_IMPORT_LINES },
      });
    const invalid: TImportKnownResponse['invalid'] = [];
    const notInDictionary: TImportKnownResponse['notInDictionary'] = [];
    const lemmas = new Set<string>();
    lines.forEach((raw, i) => {
      const line = raw.normalize('NFC').trim();
      if (!line || line.startsWith('#')) return;
      if (!ZLemmaSchema.safeParse(line).success) invalid.push({ line: i + 1, text: line.slice(0, 60) });
      else {
        const lemma = this.lookUpLemma(line);
        if (lemma) lemmas.add(lemma);
        else notInDictionary.push({ line: i + 1, text: line });
      }
    });
    const list = [...lemmas];
    const result = await this.db.$transaction(async (tx) => {
      const existing = await tx.wordStatus.findMany({ where: { userId, lemma: { in: list } } });
      const settled = new Set(existing.filter((e) => e.status !== 'learning').map((e) => e.lemma));
      const learning = existing.filter((e) => e.status === 'learning').map((e) => e.lemma);
      const created = await tx.wordStatus.createMany({
        data: list
          .filter((l) => !settled.has(l) && !learning.includes(l))
          .map((lemma) => ({ userId, lemma, status: 'known', stage: 0 })),
        skipDuplicates: true,
      });
      const updated = learning.length
        ? await tx.wordStatus.updateMany({
            where: { userId, lemma: { in: learning } },
            data: { status: 'known', stage: 0 },
          })
        : { count: 0 };
      return { imported: created.count + updated.count, unchanged: settled.size };
    });
    return { ...result, notInDictionary, invalid };
  }
}
