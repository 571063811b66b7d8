import { lessonPath, type TPodcastEpisodeFile } from '@polski/contracts';
import type { Catalogue } from './catalogue';
import { renderMarkdown } from './markdown';

/** Characters XML 1.0 does not allow at all (C0 controls other than tab, newline, carriage return). */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(s: string | number): string {
  return String(s)
    .replace(XML_INVALID, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** RFC 822 date as RSS wants it ("Tue, 15 Jul 2025 00:00:00 GMT") for a YYYY-MM-DD day. */
export function rfc822(day: string): string {
  return new Date(`${day}T00:00:00Z`).toUTCString();
}

/** itunes:duration as HH:MM:SS. */
export function itunesDuration(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

export interface TSiteInfo {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** The episode's rendered audio (absolute URL, bytes, seconds, MIME type), or undefined while it is prepared. */
  episodeAudio(data: TPodcastEpisodeFile): { url: string; bytes: number; durationSeconds: number; type: string } | undefined;
  /** The absolute URL of the episode's JSON chapters, when it has chapters with start times. */
  chaptersUrl?(data: TPodcastEpisodeFile): string | undefined;
  /** Changes whenever an episode's audio does (the feed is built again). */
  audioStamp(): string;
  contactEmail: string;
}

const tag = (name: string, value: string | number, attrs = '') => `<${name}${attrs}>${escapeXml(value)}</${name}>`;

export const PODCAST_TITLE = 'Polski Stories Podcast';
export const PODCAST_DESCRIPTION =
  'Short, friendly episodes in Polish and English for learners of Polish: everyday conversations, pronunciation, ' +
  'grammar without fear and Polish customs, each with show notes and a full transcript.';
export const PODCAST_AUTHOR = 'Polski Stories';
/**
 * The cover art, a static file of the web app (apps/web/public/podcast-cover.png, rendered from its SVG by
 * tools/audio/cover.ts): Apple and Spotify ask for a square JPEG or PNG of 1400-3000 px.
 */
export const PODCAST_COVER_PATH = '/podcast-cover.png';
export const PODCAST_COVER_SIZE = 3000;

/** RSS 2.0 with the iTunes namespace for /podcast/feed.xml. */
export function podcastFeed(catalogue: Catalogue, site: TSiteInfo): string {
  const { publicUrl } = site;
  // an episode is in the feed once its audio exists (an enclosure must answer with the bytes it declares)
  const episodes = catalogue.podcast.flatMap((e) => {
    const audio = site.episodeAudio(e.data);
    return audio ? [{ ...e, audio }] : [];
  });
  const items = episodes.map(({ data, body, audio }) => {
    const link = `${publicUrl}/podcast/${data.slug}`;
    const chapters = site.chaptersUrl?.(data);
    return [
      '<item>',
      tag('title', data.title),
      tag('link', link),
      tag('guid', link, ' isPermaLink="true"'),
      tag('pubDate', rfc822(data.date)),
      tag('description', data.description),
      tag('content:encoded', renderMarkdown(body, { absoluteBase: publicUrl })),
      `<enclosure url="${escapeXml(audio.url)}" length="${audio.bytes}" type="${audio.type}"/>`,
      tag('itunes:title', data.title),
      tag('itunes:episode', data.number),
      tag('itunes:episodeType', 'full'),
      tag('itunes:duration', itunesDuration(audio.durationSeconds)),
      tag('itunes:summary', data.description),
      tag('itunes:explicit', 'false'),
      // Podcasting 2.0 (https://podcastindex.org/namespace/1.0): the chapters as JSON chapters
      ...(chapters ? [`<podcast:chapters url="${escapeXml(chapters)}" type="application/json+chapters"/>`] : []),
      '</item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" ' +
      'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" ' +
      'xmlns:podcast="https://podcastindex.org/namespace/1.0">',
    '<channel>',
    tag('title', PODCAST_TITLE),
    tag('link', publicUrl),
    `<atom:link href="${escapeXml(`${publicUrl}/podcast/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    tag('description', PODCAST_DESCRIPTION),
    tag('language', 'pl'),
    ...(episodes.length ? [tag('lastBuildDate', rfc822(episodes[0].data.date)), tag('pubDate', rfc822(episodes[0].data.date))] : []),
    tag('itunes:author', PODCAST_AUTHOR),
    tag('itunes:summary', PODCAST_DESCRIPTION),
    tag('itunes:type', 'episodic'),
    `<itunes:owner>${tag('itunes:name', PODCAST_AUTHOR)}${tag('itunes:email', site.contactEmail)}</itunes:owner>`,
    `<itunes:image href="${escapeXml(`${publicUrl}${PODCAST_COVER_PATH}`)}"/>`,
    `<image>${tag('url', `${publicUrl}${PODCAST_COVER_PATH}`)}${tag('title', PODCAST_TITLE)}${tag('link', publicUrl)}</image>`,
    '<itunes:category text="Education"><itunes:category text="Language Learning"/></itunes:category>',
    tag('itunes:explicit', 'false'),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export const BLOG_TITLE = 'Polski Stories Blog';
export const BLOG_DESCRIPTION = 'Articles about learning Polish: grammar explained simply, pronunciation, study plans and culture.';

/** RSS 2.0 for /blog/feed.xml. */
export function blogFeed(catalogue: Catalogue, site: TSiteInfo): string {
  const { publicUrl } = site;
  const posts = catalogue.blog;
  const items = posts.map(({ data, body }) => {
    const link = `${publicUrl}/blog/${data.slug}`;
    return [
      '<item>',
      tag('title', data.title),
      tag('link', link),
      tag('guid', link, ' isPermaLink="true"'),
      tag('pubDate', rfc822(data.date)),
      tag('dc:creator', data.author),
      ...data.tags.map((t) => tag('category', t)),
      tag('description', data.description),
      tag('content:encoded', renderMarkdown(body, { absoluteBase: publicUrl })),
      '</item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    tag('title', BLOG_TITLE),
    tag('link', `${publicUrl}/blog`),
    `<atom:link href="${escapeXml(`${publicUrl}/blog/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    tag('description', BLOG_DESCRIPTION),
    tag('language', 'en'),
    ...(posts.length ? [tag('lastBuildDate', rfc822(posts[0].data.date))] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Public pages of the web app that are not content (docs/product.md, "Routes"). */
export const STATIC_PUBLIC_PAGES = [
  '/',
  '/learn-polish',
  '/podcast',
  '/blog',
  '/terms-and-conditions',
  '/privacy',
  '/credits',
  '/word-checker',
] as const;

/** /sitemap.xml: every public page; premium lessons are left out (their pages show only a teaser). */
export function sitemap(catalogue: Catalogue, site: TSiteInfo): string {
  const urls: { loc: string; lastmod?: string }[] = [];
  const add = (path: string, lastmod?: string) => urls.push({ loc: `${site.publicUrl}${path}`, lastmod });
  for (const p of STATIC_PUBLIC_PAGES) add(p);
  for (const h of catalogue.hubs) add(`/learn-polish/${h.id}`);
  for (const l of catalogue.allLessons()) if (!l.premium) add(lessonPath(l.hub, l.slug));
  for (const e of catalogue.podcast) add(`/podcast/${e.data.slug}`, e.data.date);
  for (const p of catalogue.blog) add(`/blog/${p.data.slug}`, p.data.date);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `<url>${tag('loc', u.loc)}${u.lastmod ? tag('lastmod', u.lastmod) : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(site: TSiteInfo): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /settings',
    'Disallow: /success',
    'Disallow: /api/',
    '',
    `Sitemap: ${site.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
