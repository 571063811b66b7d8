import type { Response } from 'express';
import { API_CONTRACT } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import { contractRouter } from '../../middleware/contract-router';
import type { UnsubscribeLinks } from './unsubscribe-links';

const c = API_CONTRACT.reminders;

export const UNSUBSCRIBE_TEXTS = {
  confirmTitle: 'Stop review reminders?',
  confirmBody:
    'You will no longer get the “Your reviews are due” email. You can turn it on again in Settings.',
  button: 'Unsubscribe',
  doneTitle: 'You are unsubscribed',
  doneBody: 'You will no longer get review reminders. You can turn them on again in Settings at any time.',
  invalidTitle: 'This link is not valid',
  invalidBody:
    'This unsubscribe link is incomplete or was changed. Use the link of the latest email, or turn reminders off in Settings.',
} as const;

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** A small page of its own (no web app): it must work from any mail client, signed in or not. */
function page(res: Response, status: number, title: string, body: string, form = false): void {
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  // the address holds the signature: no Referer carries it anywhere
  res.setHeader('Referrer-Policy', 'no-referrer');
  // a form without `action` posts to this same address, signature included
  const button = form
    ? `<form method="post"><button type="submit">${escapeHtml(UNSUBSCRIBE_TEXTS.button)}</button></form>`
    : '';
  res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Polski Stories</title>
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:3rem auto;padding:0 1rem;color:#1f2328;line-height:1.5}
button{font:inherit;font-weight:600;background:#c8102e;color:#fff;border:0;border-radius:6px;padding:.7rem 1.2rem;cursor:pointer}
button:focus-visible{outline:3px solid #1f2328;outline-offset:2px}a{color:#0b57d0}</style></head><body><main>
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${button}
<p><a href="/">Polski Stories</a></p></main></body></html>`);
}

/**
 * The unsubscribe link of the review reminders (libs/contracts reminders.contract.ts; docs/product.md, "Review
 * reminders"). GET only asks (mail scanners that open links change nothing); POST turns reminders off, whatever
 * they were: the page's button and RFC 8058 one-click clients (`List-Unsubscribe=One-Click`) both post here.
 */
export function remindersRouter(deps: {
  db: TDb;
  links: UnsubscribeLinks;
  clock: TClock;
  checkAnswers?: boolean;
}) {
  const r = contractRouter({ mountedAt: '', clock: deps.clock, checkAnswers: deps.checkAnswers });
  const t = UNSUBSCRIBE_TEXTS;

  r.add(c.unsubscribePage, (req, res) => {
    const q = req.query as Record<string, unknown>;
    if (!deps.links.verify(q.u, q.s)) return page(res, 403, t.invalidTitle, t.invalidBody);
    page(res, 200, t.confirmTitle, t.confirmBody, true);
  });

  r.add(c.unsubscribe, async (req, res) => {
    const q = req.query as Record<string, unknown>;
    const userId = deps.links.verify(q.u, q.s);
    if (!userId) return page(res, 403, t.invalidTitle, t.invalidBody);
    // no row, or a deleted account: nothing to turn off, and the answer is the same
    await deps.db.learnerSettings.updateMany({ where: { userId }, data: { reviewReminders: false } });
    page(res, 200, t.doneTitle, t.doneBody);
  });

  return r;
}
