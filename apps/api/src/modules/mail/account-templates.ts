import { mailLanguage, mailTranslator } from './mail-i18n';
import en from './locales/en.json';
import type { TEmailMessage } from './outbox';

/** How templates.ts builds a message: kind, recipient, subject, paragraphs, an optional button, the language. */
export type TMessageBuilder = (
  kind: string,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  lang?: string,
) => TEmailMessage;

/** The English subjects (an English learner's; the other languages' are in locales/, docs/i18n.md "Emails"). */
export const REVIEW_REMINDER_SUBJECT = en['reviewReminder.subject'];
export const ACCOUNT_DELETED_SUBJECT = en['accountDeleted.subject'];

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
      lang?: string | null,
    ): TEmailMessage {
      const tr = mailTranslator(lang);
      return message(
        'account-deleted',
        to,
        tr('accountDeleted.subject'),
        [
          tr('greeting', { username }),
          tr('accountDeleted.body'),
          ...(kept.cancelledSubscription ? [tr('accountDeleted.cancelled')] : []),
          ...(kept.paymentRecords ? [tr('accountDeleted.records')] : []),
          tr('accountDeleted.notYou', { supportEmail }),
          tr('accountDeleted.goodbye'),
        ],
        undefined,
        mailLanguage(lang),
      );
    },

    /** docs/product.md, "Review reminders". */
    reviewReminder(
      to: string,
      username: string,
      due: number,
      reviewUrl: string,
      unsubscribeUrl: string,
      lang?: string | null,
    ): TEmailMessage {
      const tr = mailTranslator(lang);
      const m = message(
        'review-reminder',
        to,
        tr('reviewReminder.subject'),
        [
          tr('greeting', { username }),
          tr('reviewReminder.due', { due }),
          tr('reviewReminder.unsubscribe', { url: unsubscribeUrl }),
        ],
        { label: tr('reviewReminder.action'), url: reviewUrl },
        mailLanguage(lang),
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
