import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { lessonPath } from '@polski/contracts';
import { loadCatalogue } from '../modules/content/catalogue';
import { contentModule, LEARN_POLISH_PAGE_MODULE, LESSON_PAGE_MODULE } from '../modules/content/index';
import { paymentsModule, PREMIUM_PAGE_MODULE } from '../modules/payments/index';
import { workspacePath } from '../lib/paths';
import { createTestApp, type TTestApp } from '../../test/support/test-app';
import { writeLessonMedia } from '../../test/support/media-fixture';
import { moduleFiles, PAGE_DATA_CLASS, pageWithData, RIGHT_TO_LEFT_LANGUAGES } from './web-app';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Polski Stories</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
/** The shape of Vite's .vite/manifest.json, with the two pages the API preloads for. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-b.js'],
    css: ['assets/index-a.css'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_query-c.js': { file: 'assets/query-c.js', imports: ['index.html'] },
  [LESSON_PAGE_MODULE]: {
    file: 'assets/lesson-d.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-b.js', '_query-c.js', '_modal-e.js'],
    css: ['assets/lesson-d.css'],
  },
  '_modal-e.js': { file: 'assets/modal-e.js', imports: ['_query-c.js'], css: ['assets/modal-e.css'] },
  [LEARN_POLISH_PAGE_MODULE]: { file: 'assets/learn-polish-f.js', imports: ['index.html', '_query-c.js'] },
  [PREMIUM_PAGE_MODULE]: { file: 'assets/premium-member-g.js', imports: ['index.html', '_query-c.js'] },
  '../../virtual:i18n/lang/en': { file: 'assets/en-h.js', isDynamicEntry: true },
};

/** The JSON of a page's data block, as the browser reads it. */
function pageData(html: string): { key: string; lang?: string; value: unknown } | undefined {
  const m = new RegExp(
    `<script type="application/json" class="${PAGE_DATA_CLASS}" data-key="([^"]*)"(?: data-lang="([^"]*)")?>(.*?)</script>`,
    'sg',
  ).exec(html);
  return m ? { key: m[1], lang: m[2], value: JSON.parse(m[3]) } : undefined;
}

/** Every data block of a page, by key. */
function pageDataBlocks(html: string): Record<string, unknown> {
  const re = new RegExp(
    `<script type="application/json" class="${PAGE_DATA_CLASS}" data-key="([^"]*)"(?: data-lang="[^"]*")?>(.*?)</script>`,
    'sg',
  );
  return Object.fromEntries([...html.matchAll(re)].map((m) => [m[1], JSON.parse(m[2])]));
}

describe('pages of the web app with their data', () => {
  it('keep the data inside its block whatever it contains, and JSON.parse reads it back', () => {
    const value = { title: '</script><script>alert(1)</script>', text: 'a <!-- b --> & "c"' };
    const html = pageWithData(INDEX_HTML, {
      key: '/x?a="1"&b=<2>',
      body: Buffer.from(JSON.stringify(value)),
    });
    expect(html.match(/<script/g)).toHaveLength(2); // Vite's module script and the data block, nothing else
    expect(html).not.toContain('</script><script>alert');
    expect(pageData(html)).toEqual({ key: '/x?a=&quot;1&quot;&amp;b=&lt;2&gt;', value });
    expect(html.indexOf(`class="${PAGE_DATA_CLASS}"`)).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('name modules of the web app that exist (its build manifest names them by path from apps/web)', () => {
    for (const module of [LESSON_PAGE_MODULE, LEARN_POLISH_PAGE_MODULE, PREMIUM_PAGE_MODULE])
      expect(existsSync(workspacePath('apps', 'web', module))).toBe(true);
  });

  it("name a page module's files and what it imports, but not what the app shell already loads", () => {
    expect(moduleFiles(MANIFEST, [LESSON_PAGE_MODULE])).toEqual({
      js: ['/assets/lesson-d.js', '/assets/query-c.js', '/assets/modal-e.js'],
      css: ['/assets/lesson-d.css', '/assets/modal-e.css'],
    });
    expect(moduleFiles(MANIFEST, ['src/unknown.tsx'])).toEqual({ js: [], css: [] });
    expect(moduleFiles({}, [LESSON_PAGE_MODULE])).toEqual({ js: [], css: [] });
  });

  describe('served by the API', () => {
    let t: TTestApp;
    let dist: string;
    const catalogue = loadCatalogue(workspacePath('content'));
    const lessons = catalogue.allLessons();
    const free = lessons.find((l) => !l.premium && l.hub === 'complete-beginner')!;
    const premium = lessons.find((l) => l.premium)!;
    const mini = lessons.find((l) => !l.premium && l.hub === 'int-mini-stories')!;

    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'polski-web-'));
      mkdirSync(join(dist, '.vite'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), INDEX_HTML);
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      mkdirSync(join(dist, 'assets', 'i18n', 'abc'), { recursive: true });
      writeFileSync(join(dist, 'assets', 'i18n', 'abc', 'de.json'), '{}');
      writeFileSync(join(dist, 'assets', 'i18n', 'abc', 'ar.json'), '{}');
      t = await createTestApp({ modules: [contentModule, paymentsModule], env: { WEB_DIST_DIR: dist } });
    });
    /** The bytes as sent (supertest would decompress them). */
    async function raw(path: string, acceptEncoding: string) {
      const server = createServer(t.app).listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        return await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject);
        });
      } finally {
        server.close();
      }
    }

    afterAll(async () => {
      await t?.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it("a free lesson's page carries exactly the API's answer for a visitor, and preloads the lesson page's code", async () => {
      const page = await request(t.app)
        .get(lessonPath(free.hub, free.slug))
        .set('Accept-Encoding', 'identity');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      const api = await request(t.app).get(`/api/content/lessons/${free.hub}/${free.slug}`);
      expect(api.status).toBe(200);
      const data = pageData(page.text);
      expect(data?.key).toBe(`/api/content/lessons/${free.hub}/${free.slug}`);
      expect(data?.value).toEqual(api.body);
      expect(JSON.stringify(data?.value)).toBe(api.text);
      // with its word annotations, so a tap needs no request (docs/api.md, "Word annotations")
      expect(
        (data?.value as { annotations?: { blocks: unknown[] } }).annotations?.blocks.length,
      ).toBeGreaterThan(0);
      for (const f of ['/assets/lesson-d.js', '/assets/query-c.js', '/assets/modal-e.js'])
        // at low priority: the app shell's stylesheet and the entry, which its first paint needs, come first
        expect(page.text).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${f}">`);
      expect(page.text.match(/react-b\.js/g)).toHaveLength(1); // the shell's own preload, not a second one
      // the hints go in the head, where the browser finds them before the body
      expect(page.text.indexOf('lesson-d.js')).toBeLessThan(page.text.indexOf('</head>'));
      // the page's stylesheets close the body: after the app shell, whose first paint they do not hold up
      const css = '<link rel="stylesheet" crossorigin fetchpriority="low" href="/assets/lesson-d.css">';
      expect(page.text).toContain(css);
      expect(page.text.indexOf(css)).toBeGreaterThan(page.text.indexOf('id="root"'));
      expect(page.text.indexOf(css)).toBeLessThan(page.text.indexOf('</body>'));
      expect(page.text).not.toContain('as="style"');
    });

    it("a free lesson's page is in the reader's language, as the API answers a visitor whose browser asks for it", async () => {
      const path = lessonPath(free.hub, free.slug);
      const german = await request(t.app)
        .get(path)
        .set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.8')
        .set('Accept-Encoding', 'identity');
      expect(german.headers.vary).toMatch(/Accept-Language/);
      const api = await request(t.app)
        .get(`/api/content/lessons/${free.hub}/${free.slug}`)
        .set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.8');
      expect((api.body as { lang: string }).lang).toBe('de');
      expect(pageData(german.text)?.value).toEqual(api.body);
      // the block says its language: a visitor who chose another one in the app's menu asks the API instead
      expect(pageData(german.text)?.lang).toBe('de');
      // the German interface catalogue is fetched with the page, instead of the English one
      expect(german.text).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/assets/i18n/abc/de.json">',
      );
      expect(german.text).not.toContain('/assets/en-h.js');
      // and English for a browser that asks for no language the lessons are in, with the English catalogue
      const english = await request(t.app).get(path).set('Accept-Encoding', 'identity');
      expect((pageData(english.text)?.value as { lang: string }).lang).toBe('en');
      expect(pageData(english.text)?.lang).toBe('en');
      expect(english.headers.etag).not.toBe(german.headers.etag);
      expect(english.text).toContain('href="/assets/en-h.js"');
      expect(english.text).not.toContain('as="fetch"');
    });

    it("every other page is the app shell in the visitor's language: its lang and direction, its catalogue", async () => {
      for (const path of ['/', '/no/such/page', lessonPath(premium.hub, premium.slug)]) {
        const ar = await request(t.app)
          .get(path)
          .set('Accept-Language', 'ar-EG,ar;q=0.9')
          .set('Accept-Encoding', 'identity');
        expect(ar.text).toContain('<html lang="ar" dir="rtl">');
        expect(ar.text).toContain(
          '<link rel="preload" as="fetch" crossorigin href="/assets/i18n/abc/ar.json">',
        );
        expect(ar.headers.vary).toMatch(/Accept-Language/);
        const de = await request(t.app)
          .get(path)
          .set('Accept-Language', 'de')
          .set('Accept-Encoding', 'identity');
        expect(de.text).toContain('<html lang="de" dir="ltr">');
        // English, and a language without a catalogue: index.html as it is
        expect((await request(t.app).get(path)).text).toBe(INDEX_HTML);
        expect((await request(t.app).get(path).set('Accept-Language', 'fr')).text).toBe(INDEX_HTML);
      }
      // an Arabic reader's lesson page is mirrored too
      const lesson = await request(t.app).get(lessonPath(free.hub, free.slug)).set('Accept-Language', 'ar');
      expect(lesson.text).toContain('<html lang="ar" dir="rtl">');
    });

    it('names the right-to-left languages as the web app does', () => {
      const web = readFileSync(workspacePath('apps', 'web', 'src', 'lib', 'i18n', 'languages.ts'), 'utf8');
      const list = /RIGHT_TO_LEFT[^=]*=\s*new Set\(\[([^\]]*)\]\)/.exec(web)?.[1];
      expect(list?.split(',').map((s) => s.trim().replace(/'/g, ''))).toEqual([...RIGHT_TO_LEFT_LANGUAGES]);
    });

    it("a lesson page's data follows its audio: `preparing`, then the rendered media once the files exist", async () => {
      const path = lessonPath(free.hub, free.slug);
      const mediaOf = async () =>
        (
          pageData((await request(t.app).get(path).set('Accept-Encoding', 'identity')).text)?.value as {
            media: { status: string };
          }
        ).media;
      expect((await mediaOf()).status).toBe('preparing');
      writeLessonMedia(t.config.MEDIA_DIR!, free, 1);
      const media = await mediaOf();
      expect(media.status).toBe('ready');
      expect(media).toEqual(
        (await request(t.app).get(`/api/content/lessons/${free.hub}/${free.slug}`)).body.media,
      );
      rmSync(join(t.config.MEDIA_DIR!, 'lessons'), { recursive: true, force: true });
      expect((await mediaOf()).status).toBe('preparing');
    });

    it('the same page compressed (brotli, gzip) with one ETag, and 304 when it has not changed', async () => {
      const path = lessonPath(free.hub, free.slug);
      const plain = await request(t.app).get(path).set('Accept-Encoding', 'identity');
      const br = await raw(path, 'br, gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(brotliDecompressSync(br.body).toString()).toBe(plain.text);
      const gz = await raw(path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(plain.text);
      expect(br.headers.etag).toBe(plain.headers.etag);
      const again = await request(t.app).get(path).set('If-None-Match', plain.headers.etag);
      expect(again.status).toBe(304);
      const head = await request(t.app).head(path).set('Accept-Encoding', 'identity');
      expect(head.status).toBe(200);
      expect(head.text ?? '').toBe('');
    });

    it("a premium lesson's page, an unknown page and API paths get nothing of it", async () => {
      const gated = await request(t.app).get(lessonPath(premium.hub, premium.slug));
      expect(gated.status).toBe(200);
      expect(gated.text).toBe(INDEX_HTML);
      expect(gated.text).not.toContain(premium.slug);
      const unknown = await request(t.app).get(`${lessonPath(free.hub, free.slug)}/extra`);
      expect(unknown.text).toBe(INDEX_HTML);
      const api = await request(t.app).get('/api/no-such-route');
      expect(api.status).toBe(404);
      expect(api.headers['content-type']).toMatch(/json/);
    });

    it("/learn-polish carries the hubs as the API gives them, a mini story's listening page its lesson", async () => {
      const page = await request(t.app).get('/learn-polish').set('Accept-Encoding', 'identity');
      const hubs = await request(t.app).get('/api/content/hubs');
      expect(pageData(page.text)).toEqual({ key: '/api/content/hubs', value: hubs.body });
      expect(page.text).toContain('href="/assets/learn-polish-f.js"');
      const listen = await request(t.app)
        .get(`${lessonPath(mini.hub, mini.slug)}/listen`)
        .set('Accept-Encoding', 'identity');
      const api = await request(t.app).get(`/api/content/lessons/${mini.hub}/${mini.slug}`);
      expect(pageData(listen.text)?.value).toEqual(api.body);
    });

    it("the premium page carries the offer and the hubs' audio summary as the API gives them, and preloads its code", async () => {
      const page = await request(t.app).get('/premium-member').set('Accept-Encoding', 'identity');
      const config = await request(t.app).get('/api/payments/config');
      const hubs = await request(t.app).get('/api/content/hubs');
      expect(config.status).toBe(200);
      expect(pageDataBlocks(page.text)).toEqual({
        '/api/payments/config': config.body,
        '/api/content/hubs': hubs.body,
      });
      expect(page.text).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/premium-member-g.js">',
      );
      // the other payment pages are the app shell alone
      expect((await request(t.app).get('/get-premium')).text).toBe(INDEX_HTML);
    });
  });
});
