/**
 * `zod` as the web app imports it (vite.config.mts points the bare specifier here, for the app and the contracts
 * library alike): the same zod, told before any schema is made not to compile parsers with `new Function`. The
 * site's Content-Security-Policy refuses eval, and zod's probe for it, though caught, is reported by the browser as
 * a CSP violation on every page that parses with zod.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
