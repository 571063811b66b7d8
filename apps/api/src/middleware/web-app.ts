import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import express, { type Express } from 'express';
import { API_PREFIX } from '@polski/contracts';
import { acceptedLanguage } from '../modules/content/reader-language';
import { precompressed } from './precompressed';

/**
 * What a page's first request to the API would answer, sent inside the page itself: the browser then needs no
 * round trip to the API before it can show the page. `key` is the API path the client would ask for (relative to
 * /api, as the web app's API client writes it); `body` is exactly what the API answers a visitor without
 * credentials there. Only public answers belong here: the page is the same for everybody.
 */
export interface TPageData {
  key: string;
  body: Buffer;
  /**
   * Source modules of the web app (keys of its build manifest, e.g. `src/app/routes/lesson.tsx`) the page will
   * load: their files are named in the page's head (modulepreload), so they download with the app shell instead of
   * after it.
   */
  modules?: string[];
  /** Changes when the data does (a lesson's media as its render goes on): the page is built again. */
  stamp?: string;
  /**
   * The reader's language the data is in, when it depends on the request's Accept-Language (a lesson is answered in
   * the reader's language, docs/api.md): the page is kept once per language, and says it varies with that header.
   */
  language?: string;
}

/**
 * What a module sends inside a page, by path. Every source that knows a path adds its data (the premium page carries
 * the offer from payments and the hubs' audio summary from content).
 */
export type TPageDataSource = (
  pathname: string,
  request: { acceptLanguage?: string },
) => TPageData | undefined;

/**
 * Chunks the web app fetches at boot after its entry has run (the API's route table, awaited by the first request,
 * and the English catalogue, awaited by every lazily loaded page): named in pages with data too, so they download
 * beside the entry instead of one round trip after it. Not in index.html: the home route's budget counts its
 * preloads (docs/performance.md, "Lighthouse of the lesson page, on a quiet machine").
 */
export const PAGE_BOOT_MODULES = ['src/lib/route-table.ts', '../../virtual:i18n/lang/en'];
/**
 * The interface languages written right to left, as the web app has them (apps/web/src/lib/i18n/languages.ts;
 * web-app.spec.ts checks both agree): a page for such a reader is sent with `dir="rtl"`, so the app shell painted
 * before the app runs is already mirrored and does not move when the app sets the direction.
 */
export const RIGHT_TO_LEFT_LANGUAGES: readonly string[] = ['ar'];

/** The English catalogue's module (PAGE_BOOT_MODULES): a reader of another language needs that language's instead. */
const ENGLISH_CATALOGUE_MODULE = '../../virtual:i18n/lang/en';

/** The class of the data blocks in the page (apps/web/src/lib/page-data.ts reads them). */
export const PAGE_DATA_CLASS = 'page-data';

interface TManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type TManifest = Record<string, TManifestChunk>;

/**
 * The files of `modules` and of everything they import statically, minus what the entry (index.html) already
 * loads: JavaScript first, then CSS, each once, as site paths.
 */
export function moduleFiles(manifest: TManifest, modules: string[]): { js: string[]; css: string[] } {
  const closure = (keys: string[], into: Set<string>) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const loaded = closure(entries, new Set());
  const needed = [...closure(modules, new Set())].filter((k) => !loaded.has(k));
  return {
    js: needed.map((k) => `/${manifest[k].file}`),
    css: [...new Set(needed.flatMap((k) => (manifest[k].css ?? []).map((f) => `/${f}`)))],
  };
}

interface TPage {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  stamp: string;
}

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with a page's data as JSON data blocks (one per API path) before </body>. A data block is not a script
 * (it is never run, so the Content-Security-Policy does not apply); `<` is escaped inside it, so the JSON cannot end
 * the element, and JSON.parse reads the escape back as `<`.
 */
export function pageWithData(
  indexHtml: string,
  data: TPageData | TPageData[],
  files: { js: string[]; css: string[]; fetches?: string[] } = { js: [], css: [] },
): string {
  // crossorigin as on Vite's own tags, so the module loader takes the preloaded files. At low priority: the app
  // shell's stylesheet and the entry come first, so the shell paints as soon as they are here, and the page's files
  // follow at once on the same connections (a high priority put them on the first paint's path)
  const hints =
    files.js
      .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeAttribute(f)}">`)
      .join('') +
    // what the app fetches before its first render (the interface catalogue of a language other than English), as
    // its fetch() asks for it (same-origin credentials), so that fetch takes the preloaded answer
    (files.fetches ?? [])
      .map((f) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(f)}">`)
      .join('');
  // the page's stylesheets at the end of the body, at low priority like the page's code: fetched at once, they do not
  // hold up the first paint of what is above them (the app shell), and the page's code finds them in place (Vite's
  // loader adds a stylesheet only when it is not in the document yet), so the first render does not insert them one
  // by one, each restyling the page
  const styles = files.css
    .map((f) => `<link rel="stylesheet" crossorigin fetchpriority="low" href="${escapeAttribute(f)}">`)
    .join('');
  const blocks = (Array.isArray(data) ? data : [data])
    .map((d) => {
      const json = d.body.toString('utf8').replace(/</g, '\\u003c');
      // the language an answer is in, when it depends on the reader's: a visitor who chose another language in the
      // app's menu leaves it and asks the API (apps/web/src/lib/page-data.ts)
      const lang = d.language ? ` data-lang="${escapeAttribute(d.language)}"` : '';
      return `<script type="application/json" class="${PAGE_DATA_CLASS}" data-key="${escapeAttribute(d.key)}"${lang}>${json}</script>`;
    })
    .join('');
  const block = blocks + styles;
  let html = indexHtml;
  const head = html.indexOf('</head>');
  if (hints && head >= 0) html = html.slice(0, head) + hints + html.slice(head);
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + block : html.slice(0, at) + block + html.slice(at);
}

/**
 * The built web app: hashed assets cached for a year (sent as the build's brotli or gzip copy when the browser
 * accepts one), index.html (never cached) for every other GET, so unknown paths show the home page and client-side
 * routes survive a reload. Pages a `pageData` source knows (free lessons) get their data inside index.html, made
 * and compressed once per page.
 */
export function serveWebApp(app: Express, distDir: string, pageData: TPageDataSource[] = []): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  app.use(
    '/assets',
    precompressed(join(distDir, 'assets'), { immutable: true, maxAge: '1y' }),
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => {
        if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const indexHtml = pageData.length ? readFileSync(indexFile, 'utf8') : '';
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: TManifest =
    pageData.length && existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  // the interface catalogues of the languages other than English, as the build wrote them (assets/i18n/<hash>/xx.json)
  const catalogues = new Map<string, string>();
  const i18nDir = join(distDir, 'assets', 'i18n');
  if (pageData.length && existsSync(i18nDir))
    for (const hash of readdirSync(i18nDir))
      for (const file of readdirSync(join(i18nDir, hash)))
        if (file.endsWith('.json'))
          catalogues.set(file.slice(0, -'.json'.length), `/assets/i18n/${hash}/${file}`);
  // by path; only paths a source knows are kept, so at most one entry per page of the catalogue and language
  const pages = new Map<string, TPage>();
  const pageFor = (path: string, acceptLanguage: string | undefined): TPage | undefined => {
    // the interface's language as the app picks it for a visitor (navigator.languages, which the browser's
    // Accept-Language repeats): the page says it (`lang`, `dir`) and preloads its catalogue instead of English's
    const ui = acceptedLanguage(acceptLanguage) ?? 'en';
    const catalogue = ui === 'en' ? undefined : catalogues.get(ui);
    const data = pageData
      .map((source) => source(path, { acceptLanguage }))
      .filter((d): d is TPageData => Boolean(d));
    // a page no source knows is the app shell alone: index.html as it is for English, one copy per language else
    if (!data.length && !catalogue) return undefined;
    const languages = data.flatMap((d) => (d.language ? [d.language] : []));
    // one page per path and reader's language (at most the catalogue's pages times the 29 languages), and one shell
    // per interface language for every other path
    const key = [data.length ? path : '', ...languages, catalogue ? ui : ''].join('\n');
    let page = pages.get(key);
    const stamp = data.map((d) => d.stamp ?? '').join(',');
    if (page && page.stamp === stamp) return page;
    const modules = [...new Set(data.flatMap((d) => d.modules ?? []))].filter(
      (m) => !catalogue || m !== ENGLISH_CATALOGUE_MODULE,
    );
    const files = { ...moduleFiles(manifest, modules), fetches: catalogue ? [catalogue] : [] };
    const html = catalogue
      ? indexHtml.replace(
          '<html lang="en">',
          `<html lang="${ui}" dir="${RIGHT_TO_LEFT_LANGUAGES.includes(ui) ? 'rtl' : 'ltr'}">`,
        )
      : indexHtml;
    const identity = Buffer.from(pageWithData(html, data, files), 'utf8');
    page = {
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      stamp,
    };
    pages.set(key, page);
    return page;
  };
  app.get(/.*/, (req, res, next) => {
    if (req.path.startsWith(API_PREFIX + '/') || req.path === API_PREFIX) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const page = pageData.length ? pageFor(req.path, req.headers['accept-language']) : undefined;
    if (catalogues.size) res.vary('Accept-Language');
    if (!page) return res.sendFile(indexFile);
    res.vary('Accept-Encoding');
    res.type('html');
    res.setHeader('ETag', page.etag);
    if (req.fresh) return void res.status(304).end();
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
    if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}
