import { content, defineContract, error, json, validation } from './contract';
import { ZLessonParamsSchema } from './content.contract';
import { ERROR_CODES as E } from './error-codes';
import {
  ZExportQuerySchema,
  ZImportKnownRequestSchema,
  ZImportKnownResponseSchema,
  ZLearnerSettingsSchema,
  ZLessonStatusesResponseSchema,
  ZMarkKnownRequestSchema,
  ZMarkKnownResponseSchema,
  ZProgressHistoryResponseSchema,
  ZProgressSummaryResponseSchema,
  ZReviewAnswerRequestSchema,
  ZReviewAnswerResponseSchema,
  ZReviewQueueResponseSchema,
  ZReviewUndoResponseSchema,
  ZSavedWordIdParamsSchema,
  ZSavedWordListResponseSchema,
  ZSavedWordSchema,
  ZSaveWordRequestSchema,
  ZSetWordStatusRequestSchema,
  ZSetWordStatusResponseSchema,
} from './learning';
import { ROUTES } from './routes';

const notFound = error('No such hub or lesson', E.notFound);

/**
 * Saved words, statuses, FSRS review, progress and the learner's data (issue 17; docs/api.md, "Learning"). For
 * every signed-in learner, free or premium; only words of a lesson the learner may read can be saved.
 */
export const learningContract = defineContract(ROUTES.learning, {
  savedWords: {
    summary: "The learner's saved words, newest first, each with its status and next due date",
    auth: 'user',
    responses: { 200: json(ZSavedWordListResponseSchema) },
  },
  saveWord: {
    summary:
      'Save the word at a place of a lesson; the server reads word, lemma, sentence and translation there',
    description:
      'Creates the word and its review card once per lemma (saving a lemma again answers 200 with the word saved ' +
      'first); a new lemma becomes learning 1.',
    auth: 'user',
    body: ZSaveWordRequestSchema,
    responses: {
      200: json(ZSavedWordSchema, 'The lemma was saved before: that word'),
      201: json(ZSavedWordSchema, 'Saved'),
      400: [validation(), error('The token is a number, not a word', E.notAWord)],
      403: error('A word of a premium lesson, for a learner without premium', E.premiumRequired),
      404: error('No such lesson, paragraph, sentence or token', E.notFound),
    },
  },
  unsaveWord: {
    summary: 'Unsave a word: its card and review logs go with it; the status stays',
    auth: 'user',
    params: ZSavedWordIdParamsSchema,
    responses: {
      200: json(ZSetWordStatusResponseSchema.pick({ lemma: true })),
      400: validation(),
      404: error('No saved word with this id', E.wordNotFound),
    },
  },
  setStatus: {
    summary: "Set a lemma's status (new removes it); the lemma must be in the dictionary",
    auth: 'user',
    body: ZSetWordStatusRequestSchema,
    responses: { 200: json(ZSetWordStatusResponseSchema), 400: validation() },
  },
  markKnown: {
    summary: 'Mark these lemmas known where they are new (the end-of-lesson action)',
    auth: 'user',
    body: ZMarkKnownRequestSchema,
    responses: { 200: json(ZMarkKnownResponseSchema), 400: validation() },
  },
  lessonStatuses: {
    summary: "The learner's statuses of one lesson's lemmas (absent: new)",
    auth: 'user',
    params: ZLessonParamsSchema,
    responses: { 200: json(ZLessonStatusesResponseSchema), 404: notFound },
  },
  reviewQueue: {
    summary: "Today's review: due cards within the daily limits, earliest due first, each with its card type",
    auth: 'user',
    responses: { 200: json(ZReviewQueueResponseSchema) },
  },
  answer: {
    summary: 'Answer a card (again, hard, good, easy); answers its next due date and the next card',
    auth: 'user',
    body: ZReviewAnswerRequestSchema,
    responses: {
      200: json(ZReviewAnswerResponseSchema),
      400: validation(),
      404: error('No card with this id', E.wordNotFound),
      409: error('The card is not due, or the type is not the one of this review', E.reviewNotDue),
    },
  },
  undo: {
    summary: 'Undo the last answer: the card as it was, the log deleted',
    auth: 'user',
    responses: { 200: json(ZReviewUndoResponseSchema), 404: error('No answer to undo', E.nothingToUndo) },
  },
  summary: {
    summary: "Streak, today's goal, words known, per-hub progress and the lesson to continue",
    auth: 'user',
    responses: { 200: json(ZProgressSummaryResponseSchema) },
  },
  progressHistory: {
    summary:
      'Known words per day, reviews due per day for 30 days, and daily activity, for the progress page',
    description:
      "Days are the learner's (their time zone). Known words: the lemmas known now, counted from the day they " +
      'last became known (docs/product.md, "Progress page").',
    auth: 'user',
    responses: { 200: json(ZProgressHistoryResponseSchema) },
  },
  settings: {
    summary: "The learner's time zone, daily goal and review limits",
    auth: 'user',
    responses: { 200: json(ZLearnerSettingsSchema) },
  },
  updateSettings: {
    summary: "Change the learner's time zone, daily goal and review limits",
    auth: 'user',
    body: ZLearnerSettingsSchema,
    responses: { 200: json(ZLearnerSettingsSchema), 400: validation() },
  },
  exportWords: {
    summary:
      'Saved words and statuses as CSV, or as a tab-separated file Anki imports (front, back, sentence, tags)',
    auth: 'user',
    query: ZExportQuerySchema,
    responses: {
      200: [
        content('text/csv', 'format=csv: one row per saved word or lemma with a status'),
        content('text/tab-separated-values', 'format=anki: one note per saved word'),
      ],
      400: validation(),
    },
  },
  importKnown: {
    summary: 'Import a known-words list (one lemma per line); lines that are not a lemma are reported',
    auth: 'user',
    body: ZImportKnownRequestSchema,
    responses: { 200: json(ZImportKnownResponseSchema), 400: validation() },
  },
});
