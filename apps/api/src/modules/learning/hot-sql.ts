// The review answer's and the lesson statuses' statements in SQL, on the pg pool under Prisma (lib/db.ts `pool`):
// at 64 connections Prisma's own work per statement, not PostgreSQL, decided their latency (docs/performance.md,
// "Learning requests at 64 connections"). Learning tables only: nothing here writes a table the user cache watches.
import type pg from 'pg';
import type { ReviewCard, SavedWord } from '../../generated/prisma/client';

export type TCardWithWord = ReviewCard & { savedWord: SavedWord };

/** A card with its saved word, as one row (the word's columns prefixed w_). */
const CARD_COLUMNS = `c.id, c.user_id, c.saved_word_id, c.due, c.stability, c.difficulty, c.elapsed_days,
  c.scheduled_days, c.learning_steps, c.reps, c.lapses, c.state, c.last_review, c.created_at,
  w.id AS w_id, w.user_id AS w_user_id, w.lemma AS w_lemma, w.pos AS w_pos, w.form AS w_form,
  w.sentence AS w_sentence, w.translation AS w_translation, w.hub AS w_hub, w.slug AS w_slug,
  w.paragraph AS w_paragraph, w.sentence_index AS w_sentence_index, w.token AS w_token, w.meaning AS w_meaning,
  w.created_at AS w_created_at`;

interface TCardRow {
  id: string;
  user_id: string;
  saved_word_id: string;
  due: Date;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: Date | null;
  created_at: Date;
  w_id: string;
  w_user_id: string;
  w_lemma: string;
  w_pos: string;
  w_form: string;
  w_sentence: string;
  w_translation: string;
  w_hub: string;
  w_slug: string;
  w_paragraph: number;
  w_sentence_index: number;
  w_token: number;
  w_meaning: string;
  w_created_at: Date;
}

/** The row as Prisma would have given it (ReviewCard with `savedWord` included). */
export function cardFromRow(r: TCardRow): TCardWithWord {
  return {
    id: r.id,
    userId: r.user_id,
    savedWordId: r.saved_word_id,
    due: r.due,
    stability: r.stability,
    difficulty: r.difficulty,
    elapsedDays: r.elapsed_days,
    scheduledDays: r.scheduled_days,
    learningSteps: r.learning_steps,
    reps: r.reps,
    lapses: r.lapses,
    state: r.state,
    lastReview: r.last_review,
    createdAt: r.created_at,
    savedWord: {
      id: r.w_id,
      userId: r.w_user_id,
      lemma: r.w_lemma,
      pos: r.w_pos,
      form: r.w_form,
      sentence: r.w_sentence,
      translation: r.w_translation,
      hub: r.w_hub,
      slug: r.w_slug,
      paragraph: r.w_paragraph,
      sentenceIndex: r.w_sentence_index,
      token: r.w_token,
      meaning: r.w_meaning,
      createdAt: r.w_created_at,
    },
  };
}

/** One lesson's statuses: the primary key (user_id, lemma). */
export async function statusRows(
  pool: pg.Pool,
  userId: string,
  lemmas: string[],
): Promise<{ lemma: string; status: string; stage: number }[]> {
  const { rows } = await pool.query({
    name: 'learning.lesson-statuses',
    text: 'SELECT lemma, status, stage FROM word_statuses WHERE user_id = $1 AND lemma = ANY($2::text[])',
    values: [userId, lemmas],
  });
  return rows;
}

export interface TAnswerContext {
  card: TCardWithWord;
  settings: { timeZone: string; newPerDay: number; reviewsPerDay: number } | null;
  /** The learner's activity days (YYYY-MM-DD) among the UTC day of `now` and the days either side. */
  daysNear: string[];
}

/** The card to answer with its word, the learner's settings and whether today has an activity row: one statement. */
export async function answerContext(
  pool: pg.Pool,
  userId: string,
  cardId: string,
  utcDay: string,
): Promise<TAnswerContext | null> {
  const { rows } = await pool.query({
    name: 'learning.answer-context',
    text: `SELECT ${CARD_COLUMNS}, s.time_zone AS s_time_zone, s.new_per_day AS s_new_per_day,
        s.reviews_per_day AS s_reviews_per_day,
        ARRAY(SELECT to_char(a.day, 'YYYY-MM-DD') FROM activity_days a
              WHERE a.user_id = c.user_id AND a.day BETWEEN $3::date - 1 AND $3::date + 1) AS days_near
      FROM review_cards c JOIN saved_words w ON w.id = c.saved_word_id
      LEFT JOIN learner_settings s ON s.user_id = c.user_id
      WHERE c.id = $1::uuid AND c.user_id = $2::uuid`,
    values: [cardId, userId, utcDay],
  });
  const r = rows[0];
  if (!r) return null;
  return {
    card: cardFromRow(r),
    settings:
      r.s_time_zone === null
        ? null
        : { timeZone: r.s_time_zone, newPerDay: r.s_new_per_day, reviewsPerDay: r.s_reviews_per_day },
    daysNear: r.days_near,
  };
}

export interface TAnswerWrite {
  userId: string;
  /** the card as read: the update applies only if it is still so (two answers at once: the second changes nothing) */
  before: { id: string; reps: number; due: Date };
  next: {
    due: Date;
    stability: number;
    difficulty: number;
    elapsedDays: number;
    scheduledDays: number;
    learningSteps: number;
    reps: number;
    lapses: number;
    state: number;
    lastReview: Date | null;
  };
  /** the learner-day the answer counts for; its activity row exists (the first answer of a day goes another way) */
  day: string;
  newCard: boolean;
  seconds: number;
  log: { rating: number; cardType: string; state: number; cardBefore: unknown; review: Date };
  /** the next card of the queue: due by `now`, within the day's limits after this answer */
  now: Date;
  newPerDay: number;
  reviewsPerDay: number;
}

/**
 * The answer in one statement (one implicit transaction): the card's update, the day's counts, the log, and the
 * queue's next card (reviews first, then new cards, within the day's limits as this answer leaves them). Every
 * part depends on the update: when the card changed meanwhile, nothing is written and `updated` is false. The next
 * card is read in the statement's snapshot, where the answered card is still due: it is left out by id.
 */
export async function writeAnswer(
  pool: pg.Pool,
  a: TAnswerWrite,
): Promise<{ updated: boolean; next: TCardWithWord | null }> {
  const n = a.next;
  const { rows } = await pool.query({
    name: 'learning.answer-write',
    text: `WITH upd AS (
        UPDATE review_cards SET due = $3, stability = $4, difficulty = $5, elapsed_days = $6, scheduled_days = $7,
          learning_steps = $8, reps = $9, lapses = $10, state = $11, last_review = $12
        WHERE id = $1::uuid AND user_id = $2::uuid AND reps = $13 AND due = $14
        RETURNING id
      ), act AS (
        UPDATE activity_days SET reviews = reviews + 1, new_cards = new_cards + $15, items = items + 1,
          seconds = seconds + $16
        WHERE user_id = $2::uuid AND day = $17::date AND EXISTS (SELECT 1 FROM upd)
        RETURNING reviews, new_cards
      ), lim AS (
        SELECT $23::int - (reviews - new_cards) > 0 AS reviews_left, $24::int - new_cards > 0 AS new_left FROM act
      ), log AS (
        INSERT INTO review_logs (id, user_id, card_id, rating, card_type, state, card_before, day, seconds, review)
        SELECT gen_random_uuid(), $2::uuid, upd.id, $18, $19, $20, $21::jsonb, $17::date, $16, $22 FROM upd
        RETURNING id
      ), nxt AS (
        (SELECT ${CARD_COLUMNS}, 0 AS grp FROM review_cards c JOIN saved_words w ON w.id = c.saved_word_id
          WHERE c.user_id = $2::uuid AND c.due <= $25 AND c.state <> 0 AND c.id <> $1::uuid
            AND (SELECT reviews_left FROM lim)
          ORDER BY c.due, c.id LIMIT 1)
        UNION ALL
        (SELECT ${CARD_COLUMNS}, 1 AS grp FROM review_cards c JOIN saved_words w ON w.id = c.saved_word_id
          WHERE c.user_id = $2::uuid AND c.due <= $25 AND c.state = 0 AND c.id <> $1::uuid
            AND (SELECT new_left FROM lim)
          ORDER BY c.due, c.id LIMIT 1)
      )
      SELECT (SELECT count(*) FROM upd)::int AS updated, (SELECT count(*) FROM log)::int AS logged, nxt.*
      FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM nxt ORDER BY grp LIMIT 1) AS nxt ON true`,
    values: [
      a.before.id,
      a.userId,
      n.due,
      n.stability,
      n.difficulty,
      n.elapsedDays,
      n.scheduledDays,
      n.learningSteps,
      n.reps,
      n.lapses,
      n.state,
      n.lastReview,
      a.before.reps,
      a.before.due,
      a.newCard ? 1 : 0,
      a.seconds,
      a.day,
      a.log.rating,
      a.log.cardType,
      a.log.state,
      JSON.stringify(a.log.cardBefore),
      a.log.review,
      a.reviewsPerDay,
      a.newPerDay,
      a.now,
    ],
  });
  const r = rows[0];
  return { updated: r.updated === 1, next: r.id ? cardFromRow(r) : null };
}
