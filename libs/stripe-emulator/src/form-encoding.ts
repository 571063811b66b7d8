/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies (and query strings) with bracket nesting:
 * `metadata[plan]=yearly`, `line_items[0][price]=price_x`, `expand[]=data.product`. This parses them into nested
 * values the way Stripe reads them: numeric or empty brackets make arrays, named brackets make objects, and
 * every leaf stays a string (each endpoint coerces its own fields, so "abc" for an integer is a 400, not NaN).
 */

export type TFormValue = string | TFormValue[] | { [key: string]: TFormValue };
export type TFormObject = { [key: string]: TFormValue };

export class FormEncodingError extends Error {}

/** Keys of `[]` entries; a real segment never contains brackets, so these cannot collide with one. */
const APPENDED = '[]';

type TBuildNode = Map<string, TBuildNode | string> & { arrayLike?: boolean; appendCount?: number };

function decode(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    throw new FormEncodingError(`Invalid URL encoding: ${component.slice(0, 40)}`);
  }
}

/** Splits `a[b][0][]` into ['a', 'b', '0', '']. */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const head = key.slice(0, open);
  const rest = key.slice(open);
  const segments = [head];
  const re = /\[([^[\]]*)\]/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = re.exec(rest)) !== null) {
    segments.push(match[1]);
    consumed = re.lastIndex;
  }
  if (consumed !== rest.length) throw new FormEncodingError(`Invalid parameter name: ${key}`);
  return segments;
}

function newNode(): TBuildNode {
  return new Map() as TBuildNode;
}

/** Parses a form-encoded string (a request body or the part of a URL after `?`). */
export function parseStripeForm(input: string): TFormObject {
  const root = newNode();
  if (input.trim() === '') return {};
  for (const pair of input.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey);
    const value = decode(rawValue);
    if (key === '') continue;
    const segments = splitKey(key);
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      const last = i === segments.length - 1;
      const seg = segments[i];
      if (i > 0 && (seg === '' || /^\d+$/.test(seg))) node.arrayLike = node.arrayLike ?? true;
      else if (i > 0) node.arrayLike = false;
      let slot = seg;
      if (seg === '' && i > 0) {
        // `a[]=x&a[]=y` appends; `a[][k]=1` starts a new element each time, as Rails/qs do.
        node.appendCount = (node.appendCount ?? 0) + 1;
        slot = `${APPENDED}${node.appendCount}`;
      }
      if (last) {
        node.set(slot, value);
      } else {
        const existing = node.get(slot);
        if (existing instanceof Map) {
          node = existing as TBuildNode;
        } else {
          const child = newNode();
          node.set(slot, child);
          node = child;
        }
      }
    }
  }
  return toValue(root, null) as TFormObject;
}

function toValue(node: TBuildNode | string, parentKey: string | null): TFormValue {
  if (typeof node === 'string') return node;
  // Metadata keys are free-form: `metadata[0]=x` is a key named "0", never an array.
  const asArray = node.arrayLike === true && parentKey !== 'metadata';
  if (asArray) {
    const entries = [...node.entries()].map(([k, v]) => ({ order: sortKey(k), v }));
    entries.sort((a, b) => a.order - b.order);
    return entries.map((e) => toValue(e.v, null));
  }
  const out: TFormObject = {};
  for (const [k, v] of node.entries()) {
    const key = k.startsWith(APPENDED) ? k.slice(APPENDED.length) : k;
    out[key] = toValue(v, key);
  }
  return out;
}

function sortKey(k: string): number {
  // Explicit indexes sort numerically; appended (`[]`) entries keep their arrival order after them.
  if (k.startsWith(APPENDED)) return 1e12 + Number(k.slice(APPENDED.length));
  return Number(k);
}

/** Encodes nested values the way the Stripe SDK does (indexed arrays, bracketed keys). Used by tests and pages. */
export function encodeStripeForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const enc = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : String(value))}`);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => enc(`${key}[${i}]`, v));
      return;
    }
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) enc(`${key}[${k}]`, v);
  };
  for (const [k, v] of Object.entries(data)) enc(k, v);
  return pairs.join('&');
}
