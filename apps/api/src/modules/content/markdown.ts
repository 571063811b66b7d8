/**
 * A small Markdown-to-HTML renderer for the subset our show notes and articles use: ATX headings, paragraphs,
 * bulleted and numbered lists, **bold**, *italics*, `inline code` and [links](url). Everything else, raw HTML
 * included, is escaped, and links are kept only when they point to http(s) or to a path on this site, so the
 * output is safe to insert into a page as it is.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** http(s) anywhere, or a site-relative path (`/x`, never the protocol-relative `//host`). */
export function safeHref(url: string): string | null {
  if (/^https?:\/\/[^\s/]/i.test(url)) return url;
  if (/^\/(?!\/)/.test(url) && !url.includes('\\')) return url;
  return null;
}

const ESCAPABLE = /[\\`*_[\]()#+\-.!>{}]/;

function findClosingEmphasis(s: string, from: number, marker: string): number {
  for (let j = from; j < s.length; j++) {
    if (s[j] === '\\') {
      j++;
      continue;
    }
    if (s[j] === '`') {
      const end = s.indexOf('`', j + 1);
      if (end > j) j = end;
      continue;
    }
    if (s[j] !== marker) continue;
    if (s[j + 1] === marker) {
      // skip a whole double marker (bold inside italics)
      const close = s.indexOf(marker + marker, j + 2);
      if (close < 0) return -1;
      j = close + 1;
      continue;
    }
    if (j > from && /\s/.test(s[j - 1])) continue;
    if (marker === '_' && /[\p{L}\p{N}]/u.test(s[j + 1] ?? '')) continue;
    return j;
  }
  return -1;
}

function renderInline(s: string, inLink = false, base = ''): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && ESCAPABLE.test(s[i + 1])) {
      out += escapeHtml(s[i + 1]);
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = s.indexOf('`', i + 1);
      if (end > i + 1) {
        out += `<code>${escapeHtml(s.slice(i + 1, end))}</code>`;
        i = end + 1;
        continue;
      }
    }
    if (c === '[' && !inLink) {
      const m = /^\[((?:\\.|[^\]\\])+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/.exec(s.slice(i));
      if (m) {
        const text = renderInline(m[1], true, base);
        const href = safeHref(m[2]);
        if (href) {
          const local = href.startsWith('/');
          const rel = local ? '' : ' rel="noopener noreferrer"';
          out += `<a href="${escapeHtml(local ? base + href : href)}"${rel}>${text}</a>`;
        } else out += text;
        i += m[0].length;
        continue;
      }
    }
    if ((c === '*' || c === '_') && s[i + 1] === c) {
      const marker = c + c;
      const end = s.indexOf(marker, i + 2);
      const content = end > i + 2 ? s.slice(i + 2, end) : '';
      if (content && !/^\s/.test(content) && !/\s$/.test(content)) {
        out += `<strong>${renderInline(content, inLink, base)}</strong>`;
        i = end + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && s[i + 1] !== c && s[i + 1] !== undefined && !/\s/.test(s[i + 1])) {
      const wordBefore = i > 0 && /[\p{L}\p{N}]/u.test(s[i - 1]);
      if (!(c === '_' && wordBefore)) {
        const end = findClosingEmphasis(s, i + 1, c);
        if (end > i + 1) {
          out += `<em>${renderInline(s.slice(i + 1, end), inLink, base)}</em>`;
          i = end + 1;
          continue;
        }
      }
    }
    out += escapeHtml(c);
    i += 1;
  }
  return out;
}

type TBlock =
  | { kind: 'p'; lines: string[] }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'ul' | 'ol'; start: number; items: string[] };

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^[ \t]{0,3}(\d{1,9})[.)][ \t]+(.*)$/;

/** `absoluteBase` (e.g. https://example.com) turns site-relative links into absolute ones, for feeds. */
export function renderMarkdown(source: string, options: { absoluteBase?: string } = {}): string {
  const base = options.absoluteBase?.replace(/\/+$/, '') ?? '';
  const blocks: TBlock[] = [];
  let current: TBlock | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim()) {
      close();
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      close();
      blocks.push({ kind: 'h', level: h[1].length, text: h[2] });
      continue;
    }
    const b = BULLET.exec(line);
    const n = b ? null : NUMBERED.exec(line);
    if (b || n) {
      const kind = b ? 'ul' : 'ol';
      const text = b ? b[1] : n![2];
      const block = current as TBlock | null;
      if (block && block.kind === kind) block.items.push(text);
      else {
        close();
        current = { kind, start: n ? Number(n[1]) : 1, items: [text] };
      }
      continue;
    }
    const block = current as TBlock | null;
    if (block && (block.kind === 'ul' || block.kind === 'ol')) {
      // a continuation line of the last item
      block.items[block.items.length - 1] += ' ' + line.trim();
      continue;
    }
    if (block && block.kind === 'p') block.lines.push(line.trim());
    else {
      close();
      current = { kind: 'p', lines: [line.trim()] };
    }
  }
  close();

  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'h':
          return `<h${block.level}>${renderInline(block.text, false, base)}</h${block.level}>`;
        case 'p':
          return `<p>${renderInline(block.lines.join(' '), false, base)}</p>`;
        case 'ul':
        case 'ol': {
          const start = block.kind === 'ol' && block.start !== 1 ? ` start="${block.start}"` : '';
          const items = block.items.map((t) => `<li>${renderInline(t, false, base)}</li>`).join('');
          return `<${block.kind}${start}>${items}</${block.kind}>`;
        }
      }
    })
    .join('\n');
}
