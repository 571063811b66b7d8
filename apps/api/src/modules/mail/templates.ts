import { accountEmails } from './account-templates';
import { mailLanguage, mailTranslator } from './mail-i18n';
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
  passwordChanged(to: string, username: string, supportEmail: string): TEmailMessage {
    return message('password-changed', to, 'Your password was changed', [
      `Cześć ${username}!`,
      'The password of your account was just changed, and every device that was signed in has been signed out.',
      `If this was not you, reset your password at once and write to us at ${supportEmail}.`,
    ]);
  },
  premiumGranted(to: string, username: string, until: string): TEmailMessage {
    return message('premium-granted', to, 'Welcome to Premium', [
      `Cześć ${username}!`,
      `Thank you for your purchase. Your premium access is active ${until}.`,
      'All premium lessons, their audio and the translator are now open to you. Powodzenia!',
    ]);
  },
  premiumEnded(to: string, username: string, reason: string): TEmailMessage {
    return message('premium-ended', to, 'Your premium access has ended', [
      `Cześć ${username}!`,
      `Your premium access has ended: ${reason}`,
      'Your account and your progress stay as they are; the free lessons remain open to you.',
    ]);
  },
  // issue 17: the account-deleted confirmation and the review reminder (account-templates.ts)
  ...accountEmails(message),
};
