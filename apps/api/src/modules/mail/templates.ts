import { accountEmails } from './account-templates';
import { emailChangeEmails } from './email-change-templates';
import { mailDate, mailLanguage, mailTranslator } from './mail-i18n';
import type { TEmailMessage } from './outbox';

const BRAND = 'Polski Stories';

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  lang = 'en',
): string {
  const tr = mailTranslator(lang);
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#c8102e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(tr('layout.copyLink'))}<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html lang="${mailLanguage(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2328;background:#f6f7f9;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:22px;margin:0 0 24px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:13px;color:#555">${escapeHtml(tr('layout.footer', { brand: BRAND }))}</p>
</div></body></html>`;
}

function text(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return [
    title,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    `${BRAND}`,
  ].join('\n');
}

function message(
  kind: string,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  lang = 'en',
): TEmailMessage {
  return {
    kind,
    to,
    subject,
    text: text(subject, paragraphs, action),
    html: layout(subject, paragraphs, action, lang),
  };
}

export const emails = {
  /** In the recipient's native language `lang` (docs/i18n.md, "Emails"), English where it has no catalogue. */
  confirmEmail(to: string, username: string, url: string, lang?: string | null): TEmailMessage {
    const tr = mailTranslator(lang);
    return message(
      'confirm-email',
      to,
      tr('confirmEmail.subject'),
      [tr('confirmEmail.greeting', { username }), tr('confirmEmail.body')],
      { label: tr('confirmEmail.action'), url },
      mailLanguage(lang),
    );
  },
  resetPassword(to: string, username: string, url: string, lang?: string | null): TEmailMessage {
    const tr = mailTranslator(lang);
    return message(
      'reset-password',
      to,
      tr('resetPassword.subject'),
      [tr('resetPassword.greeting', { username }), tr('resetPassword.body'), tr('resetPassword.ignore')],
      { label: tr('resetPassword.action'), url },
      mailLanguage(lang),
    );
  },
  passwordChanged(to: string, username: string, supportEmail: string, lang?: string | null): TEmailMessage {
    const tr = mailTranslator(lang);
    return message(
      'password-changed',
      to,
      tr('passwordChanged.subject'),
      [
        tr('greeting', { username }),
        tr('passwordChanged.body'),
        tr('passwordChanged.notYou', { supportEmail }),
      ],
      undefined,
      mailLanguage(lang),
    );
  },
  /** `until`: the end of the access, or 'lifetime'; the date is written for the recipient's language (Intl). */
  premiumGranted(
    to: string,
    username: string,
    until: Date | 'lifetime',
    lang?: string | null,
  ): TEmailMessage {
    const tr = mailTranslator(lang);
    return message(
      'premium-granted',
      to,
      tr('premiumGranted.subject'),
      [
        tr('greeting', { username }),
        until === 'lifetime'
          ? tr('premiumGranted.lifetime')
          : tr('premiumGranted.until', { date: mailDate(until, lang) }),
        tr('premiumGranted.open'),
      ],
      undefined,
      mailLanguage(lang),
    );
  },
  premiumEnded(to: string, username: string, lang?: string | null): TEmailMessage {
    const tr = mailTranslator(lang);
    return message(
      'premium-ended',
      to,
      tr('premiumEnded.subject'),
      [tr('greeting', { username }), tr('premiumEnded.body'), tr('premiumEnded.keep')],
      undefined,
      mailLanguage(lang),
    );
  },
  // issue 17: the account-deleted confirmation and the review reminder (account-templates.ts)
  ...accountEmails(message),
  // issue 18 item 8: the change of email address (email-change-templates.ts)
  ...emailChangeEmails(message),
};
