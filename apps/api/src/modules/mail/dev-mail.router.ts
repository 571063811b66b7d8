import { API_CONTRACT, API_PREFIX, ERROR_CODES, type TDevMailResponse } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import { NotFoundError } from '../../lib/errors';
import { contractRouter } from '../../middleware/contract-router';

const c = API_CONTRACT.dev;

function links(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

async function listMail(db: TDb): Promise<TDevMailResponse> {
  const rows = await db.emailOutbox.findMany({ orderBy: { createdAt: 'desc' }, take: 100 });
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    links: links(r.text),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/**
 * Development only (ENABLE_DEV_MAIL=true, never in production: config/env.ts): the outbox as JSON at
 * GET /api/dev/mail and as a page at /dev/mail, so someone running `npm start` can follow their confirmation link.
 */
export function devMailRouters(db: TDb, options: { clock: TClock; checkAnswers?: boolean }) {
  const api = contractRouter({ mountedAt: API_PREFIX, ...options });
  api.add(c.mail, async (_req, res) => {
    res.reply(200, await listMail(db));
  });
  const page = contractRouter({ mountedAt: '', ...options });
  page.add(c.mailPage, async (_req, res) => {
    const mail = await listMail(db);
    const items = mail
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt)} · ${escapeHtml(m.status)}</p>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>
<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2328}
article{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#57606a}
pre{white-space:pre-wrap;background:#f6f8fa;padding:.75rem;border-radius:6px}</style></head><body>
<h1>Outbox (development)</h1><p>Emails the app would send. This page exists only in development, when no mail
server is configured.</p>${items || '<p>No emails yet.</p>'}</body></html>`);
  });
  return { api, page };
}

/**
 * The same two routes while the viewer is off: 404, so that neither the API's "no such route" nor the web app's
 * page answers for them.
 */
export function devMailOffRouters(options: { clock: TClock; checkAnswers?: boolean }) {
  const off = () => {
    throw new NotFoundError(ERROR_CODES.notFound, 'Not found');
  };
  const api = contractRouter({ mountedAt: API_PREFIX, ...options });
  api.add(c.mail, off);
  const page = contractRouter({ mountedAt: '', ...options });
  page.add(c.mailPage, off);
  return { api, page };
}
