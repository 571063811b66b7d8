import { content, defineContract, empty, error } from './contract';
import { ERROR_CODES as E } from './error-codes';
import { ROUTES } from './routes';

const notModified = empty("Not Modified: the client's copy (If-None-Match) is current");

/** Documents at the site root: feeds, sitemap, robots.txt, podcast audio and the Prometheus metrics. */
export const siteContract = defineContract(ROUTES.site, {
  podcastFeed: {
    summary: 'The podcast as an RSS feed (with iTunes tags)',
    auth: 'public',
    internal: true,
    responses: { 200: content('application/rss+xml', 'RSS 2.0'), 304: notModified },
  },
  blogFeed: {
    summary: 'The blog as an RSS feed',
    auth: 'public',
    internal: true,
    responses: { 200: content('application/rss+xml', 'RSS 2.0'), 304: notModified },
  },
  sitemap: {
    summary: 'Every public page',
    auth: 'public',
    internal: true,
    responses: { 200: content('application/xml', 'sitemaps.org 0.9'), 304: notModified },
  },
  robots: {
    summary: 'robots.txt',
    auth: 'public',
    internal: true,
    responses: { 200: content('text/plain', 'robots.txt'), 304: notModified },
  },
  metrics: {
    summary: 'Prometheus metrics',
    description:
      'Exactly /metrics (case-sensitive, no trailing slash: other spellings answer 404). With METRICS_TOKEN ' +
      '(required in production): `Authorization: Bearer <token>`; without it (outside production), loopback and ' +
      'private addresses only. Anyone else gets 404.',
    auth: 'public',
    internal: true,
    responses: {
      200: content('text/plain', 'Prometheus text format'),
      404: error('Not for this client', E.notFound),
    },
  },
});
