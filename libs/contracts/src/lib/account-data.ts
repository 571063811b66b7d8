import { z } from 'zod';
import { ZLearnerSettingsSchema } from './learning';

/**
 * "Download my data" and "Delete my account" (issue 17; docs/product.md, "Your data"). The export is everything the
 * product holds about the learner, as one JSON document; it never holds a secret: no password hash, no hash of a
 * token or handle, no link of an email.
 */

const iso = z.iso.datetime();
const isoOrNull = iso.nullable();

export const ACCOUNT_EXPORT_FORMAT = 'polski-stories-account-export';

export const ZAccountExportSchema = z.strictObject({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: iso,
  account: z.strictObject({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    nativeLanguage: z.string(),
    emailConfirmed: z.boolean(),
    roles: z.array(z.string()),
    premiumUntil: isoOrNull,
    premiumLifetime: z.boolean(),
    createdAt: iso,
    updatedAt: iso,
  }),
  /** sign-ins: when, and when they ended (a logout, sign out everywhere) */
  sessions: z.array(z.strictObject({ id: z.uuid(), signedInAt: iso, endedAt: isoOrNull })),
  /** confirmation and reset links sent: their purpose and dates (the tokens are stored only as hashes, not here) */
  emailLinks: z.array(
    z.strictObject({ purpose: z.string(), createdAt: iso, expiresAt: iso, usedAt: isoOrNull }),
  ),
  /** sessions parked across the payment redirect (without their handles) */
  paymentRedirects: z.array(z.strictObject({ createdAt: iso, expiresAt: iso, usedAt: isoOrNull })),
  billing: z.strictObject({
    stripeCustomerId: z.string().nullable(),
    checkouts: z.array(
      z.strictObject({
        stripeSessionId: z.string(),
        mode: z.string(),
        plan: z.string(),
        currency: z.string(),
        amount: z.number().int(),
        status: z.string(),
        createdAt: iso,
        fulfilledAt: isoOrNull,
      }),
    ),
    payments: z.array(
      z.strictObject({
        stripeSessionId: z.string(),
        stripePaymentIntentId: z.string().nullable(),
        plan: z.string(),
        currency: z.string(),
        amount: z.number().int(),
        amountRefunded: z.number().int(),
        status: z.string(),
        paidAt: isoOrNull,
        accessUntil: isoOrNull,
        endedAt: isoOrNull,
        createdAt: iso,
      }),
    ),
    subscriptions: z.array(
      z.strictObject({
        stripeSubscriptionId: z.string(),
        status: z.string(),
        plan: z.string(),
        currency: z.string(),
        currentPeriodStart: isoOrNull,
        currentPeriodEnd: isoOrNull,
        cancelAtPeriodEnd: z.boolean(),
        startedAt: isoOrNull,
        createdAt: iso,
      }),
    ),
    /** what the payments module decided about this account's payments (duplicates, refunds) */
    incidents: z.array(
      z.strictObject({
        kind: z.string(),
        outcome: z.string(),
        detail: z.string(),
        amount: z.number().int().nullable(),
        amountRefunded: z.number().int().nullable(),
        currency: z.string().nullable(),
        createdAt: iso,
      }),
    ),
  }),
  lessonsCompleted: z.array(z.strictObject({ hub: z.string(), slug: z.string(), completedAt: iso })),
  learning: z.strictObject({
    settings: ZLearnerSettingsSchema.required(),
    wordStatuses: z.array(
      z.strictObject({ lemma: z.string(), status: z.string(), stage: z.number().int(), updatedAt: iso }),
    ),
    savedWords: z.array(
      z.strictObject({
        id: z.uuid(),
        lemma: z.string(),
        pos: z.string(),
        form: z.string(),
        sentence: z.string(),
        translation: z.string(),
        meaning: z.string(),
        hub: z.string(),
        slug: z.string(),
        paragraph: z.number().int(),
        sentenceIndex: z.number().int(),
        token: z.number().int(),
        createdAt: iso,
      }),
    ),
    /** FSRS cards, field for field (docs/database.md, "Learning tables") */
    reviewCards: z.array(
      z.strictObject({
        id: z.uuid(),
        savedWordId: z.uuid(),
        due: iso,
        stability: z.number(),
        difficulty: z.number(),
        elapsedDays: z.number().int(),
        scheduledDays: z.number().int(),
        learningSteps: z.number().int(),
        reps: z.number().int(),
        lapses: z.number().int(),
        state: z.number().int(),
        lastReview: isoOrNull,
        createdAt: iso,
      }),
    ),
    reviewLogs: z.array(
      z.strictObject({
        id: z.uuid(),
        cardId: z.uuid(),
        rating: z.number().int(),
        cardType: z.string(),
        state: z.number().int(),
        day: z.iso.date(),
        seconds: z.number().int(),
        review: iso,
      }),
    ),
    activityDays: z.array(
      z.strictObject({
        day: z.iso.date(),
        lessons: z.number().int(),
        reviews: z.number().int(),
        newCards: z.number().int(),
        items: z.number().int(),
        seconds: z.number().int(),
        freezeUsed: z.boolean(),
      }),
    ),
    reviewReminders: z.array(z.strictObject({ day: z.iso.date(), queuedAt: iso })),
  }),
  /** the emails sent (or still to send) to the account's address: what and when, never their links */
  emails: z.array(
    z.strictObject({
      kind: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: iso,
      sentAt: isoOrNull,
    }),
  ),
  /** what the product does not keep about the learner, in words */
  notStored: z.array(z.string()),
});
export type TAccountExport = z.infer<typeof ZAccountExportSchema>;

export const ZDeleteAccountRequestSchema = z.strictObject({
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(200, 'Please enter your password'),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequestSchema>;

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted';
