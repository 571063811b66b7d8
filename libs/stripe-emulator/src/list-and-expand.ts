import { errors, resourceNameForId } from './api-errors';
import type { TFormObject } from './form-encoding';
import { limitParam, optionalString } from './params';
import type { TJson, TList } from './wire-types';

/**
 * Stripe's cursor pagination over a newest-first list: `limit` (1-100, default 10), `starting_after` (the page
 * after that id), `ending_before` (the page before it); `has_more` says whether the cursor can go on.
 */
export function paginate<T extends { id: string }>(items: T[], params: TFormObject, url: string): TList<T> {
  const limit = limitParam(params);
  const startingAfter = optionalString(params, 'starting_after');
  const endingBefore = optionalString(params, 'ending_before');
  if (startingAfter && endingBefore) {
    throw errors.invalid('You may only specify one of these parameters: ending_before, starting_after.');
  }
  if (startingAfter) {
    const index = items.findIndex((i) => i.id === startingAfter);
    if (index === -1)
      throw errors.missingReference(resourceNameForId(startingAfter), startingAfter, 'starting_after');
    const rest = items.slice(index + 1);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }
  if (endingBefore) {
    const index = items.findIndex((i) => i.id === endingBefore);
    if (index === -1)
      throw errors.missingReference(resourceNameForId(endingBefore), endingBefore, 'ending_before');
    const before = items.slice(0, index);
    const page = before.slice(Math.max(0, before.length - limit));
    return { object: 'list', data: page, has_more: before.length > limit, url };
  }
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}

export type TResolve = (id: string) => TJson | undefined;
/** Fields that are not on the object until asked for (Stripe's "includable" properties, e.g. a session's `line_items`). */
export type TIncludable = (owner: { [key: string]: TJson }, field: string) => TJson | undefined;

/**
 * `expand[]=a.b.c`: replaces id strings with the objects they name, walking lists' `data` arrays and already
 * expanded objects. Up to four levels, as Stripe allows. Anything that is neither an id nor an includable field is
 * "This property cannot be expanded".
 */
export function applyExpand(root: TJson, paths: string[], resolve: TResolve, includable: TIncludable): TJson {
  let out = root;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) {
      throw errors.invalid(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    }
    out = expandAt(out, segments, path, resolve, includable);
  }
  return out;
}

function expandAt(
  node: TJson,
  segments: string[],
  path: string,
  resolve: TResolve,
  includable: TIncludable,
): TJson {
  if (segments.length === 0 || node === null) return node;
  if (Array.isArray(node)) return node.map((n) => expandAt(n, segments, path, resolve, includable));
  if (typeof node !== 'object') throw errors.notExpandable(path);
  const [head, ...rest] = segments;
  if (head === 'id' || head === 'object') throw errors.notExpandable(path);
  let child: TJson | undefined = head in node ? node[head] : includable(node, head);
  if (child === undefined) throw errors.notExpandable(path);
  if (typeof child === 'string') {
    const found = resolve(child);
    if (found === undefined) throw errors.notExpandable(path);
    child = structuredClone(found);
  } else if (rest.length === 0 && child !== null && (typeof child !== 'object' || Array.isArray(child))) {
    throw errors.notExpandable(path);
  }
  return { ...node, [head]: expandAt(child, rest, path, resolve, includable) };
}
