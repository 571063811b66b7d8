import { content, defineContract } from './contract';
import { ROUTES } from './routes';

/**
 * The unsubscribe link of the review reminder emails (docs/product.md, "Review reminders"): signed with the server's
 * secret, no sign-in needed. GET shows a page that asks to confirm (link scanners that follow it change nothing);
 * POST turns the reminders off, idempotently: the form of that page and RFC 8058 one-click unsubscribe
 * (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`) both post to the same address. The query holds `u` (the
 * learner's id) and `s` (the signature); it is not validated as input: whatever is wrong with it, the answer is the
 * same 403 page.
 */
export const remindersContract = defineContract(ROUTES.reminders, {
  unsubscribePage: {
    summary: 'The page of the unsubscribe link: asks to confirm',
    auth: 'public',
    internal: true,
    responses: {
      200: content('text/html', 'A page with a button that posts to the same address'),
      403: content('text/html', 'The link is not signed, or its signature is forged'),
    },
  },
  unsubscribe: {
    summary: 'Turn review reminders off (one-click unsubscribe, RFC 8058)',
    auth: 'public',
    internal: true,
    responses: {
      200: content('text/html', 'Reminders are off (also when they already were)'),
      403: content('text/html', 'The link is not signed, or its signature is forged'),
    },
  },
});
