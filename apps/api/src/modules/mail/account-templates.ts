import type { TEmailMessage } from './outbox';

/** How templates.ts builds a message: kind, recipient, subject, paragraphs, an optional button. */
export type TMessageBuilder = (
  kind: string,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) => TEmailMessage;

export const REVIEW_REMINDER_SUBJECT = 'Your reviews are due';
export const ACCOUNT_DELETED_SUBJECT = 'Your account has been deleted';

/**
 * The emails of the learner's data (issue 17 items 6-7): the confirmation of a deleted account and the review
 * reminder with its one-click unsubscribe (RFC 2369 `List-Unsubscribe` and RFC 8058 `List-Unsubscribe-Post`).
 * templates.ts registers them in `emails` with its own layout.
 */
export function accountEmails(message: TMessageBuilder) {
  return {
    /** docs/product.md, "Deleting the account". */
    accountDeleted(
      to: string,
      username: string,
      supportEmail: string,
      kept: { paymentRecords: boolean; cancelledSubscription: boolean },
    ): TEmailMessage {
      return message('account-deleted', to, ACCOUNT_DELETED_SUBJECT, [
        `Cześć ${username}!`,
        'Your Polski Stories account has been deleted, as you asked. Your saved words, review cards, progress, ' +
          'settings and sessions are gone, and you have been signed out everywhere.',
        ...(kept.cancelledSubscription
          ? ['Your subscription has been cancelled: it will not renew and you will not be charged again.']
          : []),
        ...(kept.paymentRecords
          ? [
              'We keep the records of your payments (amounts, dates and Stripe references, without your account) ' +
                'for as long as tax and accounting law requires.',
            ]
          : []),
        `If you did not ask for this, write to us at ${supportEmail}.`,
        'Do widzenia, and thank you for learning with us.',
      ]);
    },

    /** docs/product.md, "Review reminders". */
    reviewReminder(
      to: string,
      username: string,
      due: number,
      reviewUrl: string,
      unsubscribeUrl: string,
    ): TEmailMessage {
      const cards = due === 1 ? '1 card is' : `${due} cards are`;
      const m = message(
        'review-reminder',
        to,
        REVIEW_REMINDER_SUBJECT,
        [
          `Cześć ${username}!`,
          `${cards} waiting for review. A few minutes today keep the words you saved fresh.`,
          `You get this email because you turned on review reminders. To stop them, open ${unsubscribeUrl} ` +
            '(one click, no sign-in needed) or turn them off in Settings.',
        ],
        { label: 'Review now', url: reviewUrl },
      );
      return {
        ...m,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    },
  };
}
