import { Toaster, toast as sonner } from 'sonner';
import { TOAST } from '@polski/contracts';
import type { TToastRequest } from './toast-loader';

/**
 * The toast library's timings (docs/product.md, "Toasts"; the spec's toast defaults): a toast stays TOAST.timeOut
 * ms; while the pointer is on it, it stays; once the pointer leaves, it closes TOAST.extendedTimeOut ms later; it
 * eases in and out in TOAST.easeTime ms. sonner knows no extended time-out, so the closing is this module's: sonner
 * gets an endless duration and each toast's timer lives here, keyed by the toast's id.
 */
export const TOAST_OPTIONS = {
  /** sonner never closes a toast by itself: the timers below do. */
  duration: Number.POSITIVE_INFINITY,
  /** sonner's transitions (transform, opacity, height) take the ease time; reduced motion still turns them off. */
  style: { transitionDuration: `${TOAST.easeTime}ms` },
} as const;

const CLASS_PREFIX = 'ps-toast-';
const timers = new Map<string, ReturnType<typeof setTimeout> | null>();
let counter = 0;
/** The id of the toast shown for a kind, title and text (one toast per failure). */
const ids = new Map<string, string>();
let listening = false;

/** (Re)starts the countdown of toast `id`: closed `ms` from now. */
function countDown(id: string, ms: number) {
  if (!timers.has(id)) return;
  const running = timers.get(id);
  if (running) clearTimeout(running);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      sonner.dismiss(id);
    }, ms),
  );
}

function forget(id: string) {
  const running = timers.get(id);
  if (running) clearTimeout(running);
  timers.delete(id);
}

/** The id of the toast an event's target is (or is inside), from its class. */
function toastIdOf(target: EventTarget | null): string | null {
  const el = target instanceof Element ? target.closest('[data-sonner-toast]') : null;
  const cls = el ? [...el.classList].find((c) => c.startsWith(CLASS_PREFIX)) : undefined;
  return cls ? cls.slice(CLASS_PREFIX.length) : null;
}

/** Pointer on a toast: its countdown pauses; pointer off: it closes after the extended time-out. */
function listen() {
  // no document: a toast raised after a test's page was torn down (nothing to listen on)
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'pointerenter',
    (e) => {
      if (!(e.target instanceof Element) || !e.target.matches('[data-sonner-toast]')) return;
      const id = toastIdOf(e.target);
      const running = id ? timers.get(id) : null;
      if (id && running) {
        clearTimeout(running);
        timers.set(id, null);
      }
    },
    true,
  );
  document.addEventListener(
    'pointerleave',
    (e) => {
      if (!(e.target instanceof Element) || !e.target.matches('[data-sonner-toast]')) return;
      const id = toastIdOf(e.target);
      if (id) countDown(id, TOAST.extendedTimeOut);
    },
    true,
  );
}

/**
 * sonner, loaded on first use (lib/toast-loader.ts): the toast list and the function that raises one. Toasts raised
 * before the list is mounted are shown when it mounts (sonner replays active toasts to a new Toaster).
 */
export function Toasts() {
  return (
    <Toaster
      position={TOAST.position}
      duration={TOAST_OPTIONS.duration}
      toastOptions={{ style: TOAST_OPTIONS.style }}
      richColors
      closeButton
    />
  );
}

/**
 * One toast per failure (docs/product.md, "Errors the web app shows"): a toast with the same kind, title and text as
 * one still shown replaces it (sonner updates a toast by its id) instead of stacking a copy, e.g. when several
 * requests fail at once offline.
 */
export function showToast({ kind, message, title }: TToastRequest) {
  listen();
  // the same failure again while its toast is shown: that toast (same id) is updated and its countdown restarts
  const key = `${kind}
${title ?? ''}
${message}`;
  const shown = ids.get(key);
  const id = shown !== undefined && timers.has(shown) ? shown : String(++counter);
  ids.set(key, id);
  const options = {
    id,
    className: `${CLASS_PREFIX}${id}`,
    duration: TOAST_OPTIONS.duration,
    onDismiss: () => forget(id),
  };
  timers.set(id, timers.get(id) ?? null);
  if (title) sonner[kind](title, { ...options, description: message });
  else sonner[kind](message, options);
  countDown(id, TOAST.timeOut);
}
