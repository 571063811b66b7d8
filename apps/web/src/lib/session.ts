import { useSyncExternalStore } from 'react';
import type { TUserResponse } from '@polski/contracts';
import { toUserResponse } from './startup-guards';

/** The signed-in user lives in local storage under `user` (docs/product.md, "The stored user"). */
export const SESSION_STORAGE_KEY = 'user';

type TListener = () => void;
const listeners = new Set<TListener>();

// Snapshot cache: useSyncExternalStore needs the same object back while the stored text is unchanged.
let cachedRaw: string | null | undefined;
let cachedUser: TUserResponse | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function readUser(): TUserResponse | null {
  const store = storage();
  const raw = store?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = parse(raw);
  if (raw !== null && cachedUser === null) {
    // invalid or outdated JSON: discard it rather than half-trusting it
    store?.removeItem(SESSION_STORAGE_KEY);
    cachedRaw = null;
  }
  return cachedUser;
}

function parse(raw: string | null): TUserResponse | null {
  if (raw === null) return null;
  try {
    // the shape of ZUserResponseSchema, checked without zod: this runs before the first page is shown
    return toUserResponse(JSON.parse(raw));
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

function onStorage(e: StorageEvent) {
  if (e.key === null || e.key === SESSION_STORAGE_KEY) emit();
}

export const session = {
  /** The current user, or null. */
  get: readUser,
  set(user: TUserResponse) {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    emit();
  },
  clear() {
    storage()?.removeItem(SESSION_STORAGE_KEY);
    emit();
  },
  subscribe(listener: TListener): () => void {
    listeners.add(listener);
    // other tabs log in and out through the storage event
    if (listeners.size === 1) window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },
};

/** The signed-in user; re-renders on login, logout and changes from other tabs. */
export function useUser(): TUserResponse | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}

/**
 * The bearer token for outgoing requests, only while a user is signed in (docs/product.md, "Session and
 * start-up").
 */
export function currentToken(): string | null {
  return readUser()?.token ?? null;
}
