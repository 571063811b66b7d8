import { mailLanguage, mailTranslator } from './mail-i18n';
import type { TMessageBuilder } from './account-templates';
import type { TEmailMessage } from './outbox';

/**
 * The emails of a change of address (issue 18 item 8; docs/product.md, "Changing the password or the email
 * address"): the link to the new address, the notice to a new address that already has an account, and the notice
 * to the old address once the change is made. templates.ts registers them in `emails` with its own layout.
 */
export function emailChangeEmails(message: TMessageBuilder) {
  return {
    emailChangeLink(to: string, username: string, url: string, lang?: string | null): TEmailMessage {
      const tr = mailTranslator(lang);
      return message(
        'email-change-link',
        to,
        tr('account2.changeLink.subject'),
        [tr('greeting', { username }), tr('account2.changeLink.body'), tr('account2.changeLink.ignore')],
        { label: tr('account2.changeLink.action'), url },
        mailLanguage(lang),
      );
    },
    /** To a new address that is already another account's: no link, no name of the asking account. */
    emailChangeTaken(to: string, supportEmail: string, lang?: string | null): TEmailMessage {
      const tr = mailTranslator(lang);
      return message(
        'email-change-taken',
        to,
        tr('account2.changeTaken.subject'),
        [tr('account2.changeTaken.body'), tr('account2.changeTaken.notYou', { supportEmail })],
        undefined,
        mailLanguage(lang),
      );
    },
    /** To the old address, once the new one is confirmed. */
    emailChanged(
      to: string,
      username: string,
      newEmail: string,
      supportEmail: string,
      lang?: string | null,
    ): TEmailMessage {
      const tr = mailTranslator(lang);
      return message(
        'email-changed',
        to,
        tr('account2.changed.subject'),
        [
          tr('greeting', { username }),
          tr('account2.changed.body', { newEmail }),
          tr('account2.changed.notYou', { supportEmail }),
        ],
        undefined,
        mailLanguage(lang),
      );
    },
  };
}
