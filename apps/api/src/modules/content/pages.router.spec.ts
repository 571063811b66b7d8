import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { lessonPath } from '@polski/contracts';
import { workspacePath } from '../../lib/paths';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { loadCatalogue } from './catalogue';
import { escapeXml, itunesDuration, PODCAST_COVER_PATH, rfc822 } from './feeds';
import { writeEpisodeMedia } from '../../../test/support/media-fixture';
import { createContentModule } from './index';

interface TNode {
  name: string;
  attrs: Record<string, string>;
  children: TNode[];
  text: string;
}

const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
const ATTR = /([\w:.-]+)="([^"<]*)"/g;

/**
 * A minimal well-formedness check and tree builder for the XML we produce (no comments, CDATA or DTDs): one XML
 * declaration, balanced tags, quoted attributes, no stray '&' or '<'. Throws on the first problem.
 */
function parseXml(xml: string): TNode {
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(xml);
  if (!decl) throw new Error('missing XML declaration');
  const tokens = xml.slice(decl[0].length).match(/<[^>]*>|[^<]+/g) ?? [];
  const root: TNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: TNode[] = [root];
  const decode = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
  for (const tok of tokens) {
    const top = stack[stack.length - 1];
    if (!tok.startsWith('<')) {
      if (ENTITY.test(tok)) throw new Error(`unescaped & in ${JSON.stringify(tok.slice(0, 60))}`);
      if (tok.includes('>')) throw new Error(`stray > in ${JSON.stringify(tok.slice(0, 60))}`);
      if (stack.length === 1 && tok.trim()) throw new Error('text outside the root element');
      top.text += decode(tok);
      continue;
    }
    const close = /^<\/([\w:.-]+)\s*>$/.exec(tok);
    if (close) {
      if (top.name !== close[1]) throw new Error(`</${close[1]}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const open = /^<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>$/.exec(tok);
    if (!open) throw new Error(`malformed tag ${tok}`);
    if (ENTITY.test(open[2])) throw new Error(`unescaped & in attributes of ${tok}`);
    const attrs: Record<string, string> = {};
    for (const m of open[2].matchAll(ATTR)) {
      if (m[1] in attrs) throw new Error(`duplicate attribute ${m[1]}`);
      attrs[m[1]] = decode(m[2]);
    }
    if (stack.length === 1 && root.children.length) throw new Error('more than one root element');
    const node: TNode = { name: open[1], attrs, children: [], text: '' };
    top.children.push(node);
    if (!open[3]) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  return root.children[0];
}

const child = (n: TNode, name: string) => n.children.find((c) => c.name === name);
const children = (n: TNode, name: string) => n.children.filter((c) => c.name === name);
const text = (n: TNode, name: string) => child(n, name)?.text;

describe('feeds, sitemap and robots.txt', () => {
  let t: TTestApp;
  const catalogue = loadCatalogue(workspacePath('content'));

  beforeAll(async () => {
    t = await createTestApp({ modules: [createContentModule()], env: { PUBLIC_URL: 'https://polski.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the checker refuses malformed XML', () => {
    const d = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(() => parseXml(`${d}<a><b></a></b>`)).toThrow('</a> closes <b>');
    expect(() => parseXml(`${d}<a>Tom & Jerry</a>`)).toThrow('unescaped &');
    expect(() => parseXml(`${d}<a x=1></a>`)).toThrow('malformed tag');
    expect(() => parseXml(`${d}<a>`)).toThrow('unclosed <a>');
    expect(parseXml(`${d}<a x="&amp;"><b/>Tom &amp; Jerry</a>`)).toEqual({
      name: 'a',
      attrs: { x: '&' },
      children: [{ name: 'b', attrs: {}, children: [], text: '' }],
      text: 'Tom & Jerry',
    });
  });

  it('escapes XML and formats dates and durations', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;');
    expect(rfc822('2025-07-15')).toBe('Tue, 15 Jul 2025 00:00:00 GMT');
    expect(itunesDuration(1080)).toBe('00:18:00');
    expect(itunesDuration(3725)).toBe('01:02:05');
  });

  it('serves the podcast as RSS 2.0 with iTunes tags; an episode is listed once its audio exists', async () => {
    const empty = parseXml((await request(t.app).get('/podcast/feed.xml')).text);
    expect(children(child(empty, 'channel')!, 'item')).toHaveLength(0);
    const media = t.config.MEDIA_DIR!;
    const rendered = new Map(catalogue.podcast.map((e, i) => [e.data.slug, writeEpisodeMedia(media, e.data, 2 + i)]));

    const res = await request(t.app).get('/podcast/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=3600');
    expect(res.headers.etag).toBeDefined();
    const rss = parseXml(res.text);
    expect(rss.name).toBe('rss');
    expect(rss.attrs.version).toBe('2.0');
    expect(rss.attrs['xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    const channel = child(rss, 'channel')!;
    expect(text(channel, 'title')).toBe('Polski Stories Podcast');
    expect(text(channel, 'link')).toBe('https://polski.example');
    expect(text(channel, 'description')).toBeTruthy();
    expect(text(channel, 'language')).toBe('pl');
    expect(text(channel, 'itunes:author')).toBe('Polski Stories');
    expect(text(channel, 'itunes:explicit')).toBe('false');
    expect(child(channel, 'itunes:image')!.attrs.href).toBe(`https://polski.example${PODCAST_COVER_PATH}`);
    const category = child(channel, 'itunes:category')!;
    expect(category.attrs.text).toBe('Education');
    expect(child(category, 'itunes:category')!.attrs.text).toBe('Language Learning');

    const items = children(channel, 'item');
    expect(items).toHaveLength(catalogue.podcast.length);
    for (const [i, item] of items.entries()) {
      const e = catalogue.podcast[i].data;
      const track = rendered.get(e.slug)!.tracks[0];
      expect(text(item, 'title')).toBe(e.title);
      expect(text(item, 'link')).toBe(`https://polski.example/podcast/${e.slug}`);
      expect(text(item, 'guid')).toBe(`https://polski.example/podcast/${e.slug}`);
      expect(text(item, 'pubDate')).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT$/);
      expect(new Date(text(item, 'pubDate')!).toISOString().slice(0, 10)).toBe(e.date);
      expect(text(item, 'description')).toBe(e.description);
      expect(child(item, 'enclosure')!.attrs).toEqual({
        url: `https://polski.example/api/content/media/podcast/${e.slug}/${track.file}`,
        length: String(track.bytes),
        type: 'audio/mpeg',
      });
      // the duration of the rendered file, not what the front matter states
      expect(text(item, 'itunes:duration')).toBe(itunesDuration(Math.round(track.durationMs / 1000)));
      // the enclosure answers with the bytes it declares
      const audio = await request(t.app).get(new URL(child(item, 'enclosure')!.attrs.url).pathname);
      expect(audio.status).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      expect(Number(audio.headers['content-length'])).toBe(track.bytes);
    }
    // items newest first
    const dates = items.map((i) => new Date(text(i, 'pubDate')!).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // the episode answers carry the same audio
    const list = (await request(t.app).get('/api/content/podcast')).body;
    const first = rendered.get(list[0].slug)!.tracks[0];
    expect(list[0].durationSeconds).toBe(Math.round(first.durationMs / 1000));
    expect(list[0].audioUrl).toBe(`/api/content/media/podcast/${list[0].slug}/${first.file}`);
    const episode = (await request(t.app).get(`/api/content/podcast/${list[0].slug}`)).body;
    expect(episode.media).toMatchObject({ status: 'ready', tracks: [{ speed: 'normal', bytes: first.bytes, sentences: first.sentences }] });
  });

  it('passes a podcast-feed validation: an XML parser and the Apple and Spotify rules for required tags', async () => {
    catalogue.podcast.forEach((e, i) => writeEpisodeMedia(t.config.MEDIA_DIR!, e.data, 2 + i));
    const xml = (await request(t.app).get('/podcast/feed.xml')).text;
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(xml);
    const channel = doc.rss.channel;
    // Apple Podcasts: title, description, itunes:image, language, itunes:category, itunes:explicit (channel);
    // title and enclosure with url, length and type (episodes). Spotify adds the owner's email and the author.
    for (const tag of ['title', 'description', 'language', 'link', 'itunes:explicit', 'itunes:author']) expect(channel[tag]).toBeTruthy();
    expect(channel['itunes:owner']['itunes:email']).toMatch(/@/);
    expect(channel['itunes:category']['@text']).toBeTruthy();
    const cover = channel['itunes:image']['@href'] as string;
    expect(cover).toMatch(/^https:\/\/.+\.(png|jpg)$/);
    const items = [channel.item].flat();
    expect(items.length).toBe(catalogue.podcast.length);
    for (const item of items) {
      expect(item.title).toBeTruthy();
      expect(item.guid['#text']).toBeTruthy();
      expect(new Date(item.pubDate).getTime()).not.toBeNaN();
      expect(item.enclosure['@url']).toMatch(/^https:\/\/.+\.mp3$/);
      expect(Number(item.enclosure['@length'])).toBeGreaterThan(0);
      expect(item.enclosure['@type']).toBe('audio/mpeg');
      expect(item['itunes:duration']).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    }
    // Podcasting 2.0 chapters: the namespace declared, each episode's tag pointing at JSON chapters that answer
    expect(doc.rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    for (const item of items) {
      const tag = item['podcast:chapters'];
      expect(tag['@type']).toBe('application/json+chapters');
      const url = new URL(tag['@url'] as string);
      expect(url.origin).toBe('https://polski.example');
      const res = await request(t.app).get(url.pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json\+chapters/);
      const json = JSON.parse(res.text) as { version: string; chapters: { startTime: number; title: string }[] };
      expect(json.version).toBe('1.2.0');
      expect(json.chapters[0]).toMatchObject({ startTime: 0 });
      const times = json.chapters.map((c) => c.startTime);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(new Set(times).size).toBe(times.length);
    }
    // the cover art exists: a square PNG of 1400-3000 px in the web app's public files
    const png = readFileSync(workspacePath('apps', 'web', 'public', new URL(cover).pathname.slice(1)));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const width = png.readUInt32BE(16);
    expect(png.readUInt32BE(20)).toBe(width);
    expect(width).toBeGreaterThanOrEqual(1400);
    expect(width).toBeLessThanOrEqual(3000);
  });

  it('serves the blog as RSS 2.0', async () => {
    const res = await request(t.app).get('/blog/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public/);
    const rss = parseXml(res.text);
    const channel = child(rss, 'channel')!;
    expect(text(channel, 'link')).toBe('https://polski.example/blog');
    const items = children(channel, 'item');
    expect(items).toHaveLength(catalogue.blog.length);
    const post = items.find((i) => text(i, 'link') === 'https://polski.example/blog/the-7-polish-cases-explained')!;
    expect(text(post, 'title')).toBe('The 7 Polish cases explained with one sentence each');
    expect(children(post, 'category').map((c) => c.text)).toEqual(['grammar', 'cases', 'beginners']);
    // the article travels as escaped HTML
    expect(text(post, 'content:encoded')).toContain('<strong>To jest mój kot.</strong>');
    // links inside the feed's HTML are absolute: a feed reader has no site to resolve them against
    expect(text(post, 'content:encoded')).toContain('<a href="https://polski.example/complete-beginner/complete-beginner-1">');
  });

  it('lists the public pages and free lessons in the sitemap, never a premium lesson', async () => {
    const res = await request(t.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(res.text);
    expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = children(urlset, 'url').map((u) => text(u, 'loc')!);
    const abs = (p: string) => `https://polski.example${p}`;
    for (const p of ['/', '/learn-polish', '/podcast', '/blog', '/terms-and-conditions', '/privacy', '/credits', '/word-checker']) {
      expect(locs).toContain(abs(p));
    }
    for (const h of catalogue.hubs) expect(locs).toContain(abs(`/learn-polish/${h.id}`));
    const lessons = catalogue.allLessons();
    const free = lessons.filter((l) => !l.premium);
    expect(free.length).toBe(1 + 3 + 2 + 5 + 1);
    for (const l of free) expect(locs).toContain(abs(lessonPath(l.hub, l.slug)));
    for (const l of lessons.filter((x) => x.premium)) expect(locs).not.toContain(abs(lessonPath(l.hub, l.slug)));
    expect(locs).toContain(abs('/beginner-moon-story/moon-1'));
    expect(locs).not.toContain(abs('/beginner-moon-story/moon-2'));
    for (const e of catalogue.podcast) expect(locs).toContain(abs(`/podcast/${e.data.slug}`));
    for (const p of catalogue.blog) expect(locs).toContain(abs(`/blog/${p.data.slug}`));
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('serves robots.txt pointing to the sitemap', async () => {
    const res = await request(t.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /settings',
        'Disallow: /success',
        'Disallow: /api/',
        '',
        'Sitemap: https://polski.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('answers 404 for podcast media that is not there (never the web app)', async () => {
    const res = await request(t.app).get('/api/content/media/podcast/not-there/normal-0123456789abcdef0123.mp3');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('podcast audio on another host', () => {
  let t: TTestApp;
  const catalogue = loadCatalogue(workspacePath('content'));
  beforeAll(async () => {
    t = await createTestApp({
      modules: [createContentModule({ mediaBaseUrl: 'https://cdn.example/polski/' })],
      env: { PUBLIC_URL: 'https://polski.example' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('builds audio URLs from the media base in the API and the feed', async () => {
    for (const e of catalogue.podcast) writeEpisodeMedia(t.config.MEDIA_DIR!, e.data, 1);
    const list = await request(t.app).get('/api/content/podcast');
    expect(list.body[0].audioUrl).toMatch(/^https:\/\/cdn\.example\/polski\/podcast\/[a-z0-9-]+\/normal-[0-9a-f]{20}\.mp3$/);
    const rss = parseXml((await request(t.app).get('/podcast/feed.xml')).text);
    const item = children(child(rss, 'channel')!, 'item')[0];
    expect(child(item, 'enclosure')!.attrs.url).toBe(list.body[0].audioUrl);
  });
});
