import { ZERO_DECIMAL_CURRENCIES, fromMinorUnits } from '@polski/contracts';

/**
 * The emulator's stand-ins for Stripe's hosted pages (Checkout and the customer portal): small, static HTML with
 * plain forms, no script, clearly marked as test mode.
 */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `$59.00`, `€8.99`, `PLN 239.00`, `¥8,900`: the currency's symbol, 2 decimals, none for zero-decimal currencies. */
export function formatAmount(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = (ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(code) ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fromMinorUnits(minor, code));
}

export function describeInterval(
  recurring: { interval: string; interval_count: number } | null,
): string | null {
  if (!recurring) return null;
  const { interval, interval_count: n } = recurring;
  return n === 1 ? `per ${interval}` : `every ${n} ${interval}s`;
}

export function formatDate(unixSeconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(unixSeconds * 1000),
  );
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f8fa; color: #1a1f36; line-height: 1.5; }
  .test-banner { background: #ffd79c; color: #5c3b00; text-align: center; font-weight: 700; padding: .5rem;
    letter-spacing: .08em; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; border: 1px solid #d8dee4; border-radius: 8px;
    padding: 1.5rem 2rem; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  h3 { font-size: 1rem; margin: 0; }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0 0; }
  .muted { color: #4f566b; }
  ul.items { list-style: none; padding: 0; margin: 0; }
  ul.items li { border-top: 1px solid #e3e8ee; padding: .75rem 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: .5rem; border: 1px solid #8792a2;
    border-radius: 4px; margin-top: .25rem; }
  button { font: inherit; font-weight: 700; cursor: pointer; border-radius: 4px; padding: .65rem 1.2rem;
    border: 1px solid #0a2540; }
  button.primary { width: 100%; margin-top: 1.25rem; background: #0a2540; color: #fff; }
  button.secondary { background: #fff; color: #0a2540; margin-top: .5rem; }
  :focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
  a { color: #3a33d6; }
  .error { color: #a4151c; font-weight: 600; }
  .back { display: inline-block; margin-top: 1.25rem; }
  dl { margin: 1rem 0 0; } dt { font-weight: 600; } dd { margin: 0 0 .5rem; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} (test mode)</title>
<style>${STYLE}</style>
</head>
<body>
<p class="test-banner" role="note">TEST MODE: no real payment is made</p>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface TCheckoutPageView {
  sessionId: string;
  items: { name: string; quantity: number; amount: number; interval: string | null }[];
  amountTotal: number;
  currency: string;
  interval: string | null;
  email: string | null;
  cancelUrl: string | null;
  error?: string;
}

export function renderCheckoutPage(view: TCheckoutPageView): string {
  const total = formatAmount(view.amountTotal, view.currency);
  const title = view.items.map((i) => i.name).join(', ') || 'Payment';
  // One line item is the whole story (the heading says it); several get a breakdown.
  const items =
    view.items.length > 1
      ? `<ul class="items">
${view.items
  .map(
    (i) =>
      `<li>${escapeHtml(i.name)} · Qty ${i.quantity} · ${escapeHtml(formatAmount(i.amount, view.currency))}${
        i.interval ? ` ${escapeHtml(i.interval)}` : ''
      }</li>`,
  )
  .join('\n')}
</ul>`
      : '';
  const emailBlock = view.email
    ? `<dl><dt>Email</dt><dd>${escapeHtml(view.email)}</dd></dl>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required>`;
  const cancel = view.cancelUrl
    ? `<a class="back" href="${escapeHtml(view.cancelUrl)}">Cancel and return</a>`
    : '';
  return layout(
    `Pay ${title}`,
    `<h1>${escapeHtml(title)}</h1>
<p class="amount">${escapeHtml(total)} <span class="muted">${escapeHtml(view.currency.toUpperCase())}</span></p>
${view.interval ? `<p class="muted">${escapeHtml(view.interval)}</p>` : ''}
${items}
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="/c/pay/${encodeURIComponent(view.sessionId)}">
${emailBlock}
<p class="muted">Card: test card ending 4242 (the emulator takes no card details).</p>
<button class="primary" type="submit">Pay</button>
</form>
${cancel}`,
  );
}

export function renderMessagePage(
  title: string,
  message: string,
  link?: { href: string; label: string },
): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}`,
  );
}

export interface TPortalPageView {
  portalSessionId: string;
  email: string | null;
  returnUrl: string | null;
  subscriptions: {
    id: string;
    name: string;
    amount: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: number;
    endedAt: number | null;
  }[];
  payments: { id: string; description: string; amount: string; created: number; state: string }[];
}

export function renderPortalPage(view: TPortalPageView): string {
  const base = `/p/session/${encodeURIComponent(view.portalSessionId)}`;
  const subs = view.subscriptions.length
    ? `<ul class="items">${view.subscriptions
        .map((s) => {
          let state: string;
          let action = '';
          if (s.status === 'canceled') {
            state = `Canceled${s.endedAt ? ` on ${formatDate(s.endedAt)}` : ''}`;
          } else if (s.cancelAtPeriodEnd) {
            state = `Cancels on ${formatDate(s.currentPeriodEnd)}`;
            action = `<form method="post" action="${base}/subscriptions/${encodeURIComponent(s.id)}/renew">
<button class="secondary" type="submit">Renew subscription</button></form>`;
          } else {
            state = `${s.status === 'past_due' ? 'Past due' : 'Active'} · renews on ${formatDate(s.currentPeriodEnd)}`;
            action = `<form method="post" action="${base}/subscriptions/${encodeURIComponent(s.id)}/cancel">
<button class="secondary" type="submit">Cancel subscription</button>
<p class="muted">You keep access until the end of the period you paid for.</p></form>`;
          }
          return `<li><h3>${escapeHtml(s.name)}</h3>
<p>${escapeHtml(s.amount)}</p>
<p class="muted">${escapeHtml(state)}</p>
${action}</li>`;
        })
        .join('\n')}</ul>`
    : '<p class="muted">No subscriptions.</p>';
  const payments = view.payments.length
    ? `<ul class="items">${view.payments
        .map(
          (p) => `<li><h3>${escapeHtml(p.description)}</h3>
<p>${escapeHtml(p.amount)} · ${escapeHtml(formatDate(p.created))}</p>
<p class="muted">${escapeHtml(p.state)}</p></li>`,
        )
        .join('\n')}</ul>`
    : '<p class="muted">No one-time payments.</p>';
  return layout(
    'Billing',
    `<h1>Billing</h1>
${view.email ? `<p class="muted">${escapeHtml(view.email)}</p>` : ''}
<h2>Subscriptions</h2>
${subs}
<h2>One-time payments</h2>
${payments}
${view.returnUrl ? `<a class="back" href="${escapeHtml(view.returnUrl)}">Return to Polski Stories</a>` : ''}`,
  );
}
