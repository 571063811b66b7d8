import { currentToken } from './session';

/**
 * A GET started before the code that reads its answer has loaded: a lesson page's request starts with the
 * navigation instead of after the page's JavaScript has arrived. The answer is taken once, by the same signed-in
 * user (or visitor), within a few seconds; otherwise the reader asks again as it always did.
 */
const MAX_AGE_MS = 10_000;

interface TEarly {
  token: string | null;
  at: number;
  answer: Promise<unknown>;
}

const started = new Map<string, TEarly>();

export function startEarlyGet(key: string, request: () => Promise<unknown>): void {
  const answer = request();
  // whoever takes it handles a failure; one nobody takes must not be reported as unhandled
  answer.catch(() => undefined);
  started.set(key, { token: currentToken(), at: Date.now(), answer });
}

/** The answer of startEarlyGet(key), at most once; null when there is none to use. */
export function takeEarlyGet(key: string): Promise<unknown> | null {
  const early = started.get(key);
  started.delete(key);
  if (!early || early.token !== currentToken() || Date.now() - early.at > MAX_AGE_MS) return null;
  return early.answer;
}
