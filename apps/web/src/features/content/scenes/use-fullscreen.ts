import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface TFullscreen {
  active: boolean;
  toggle: () => void;
}

/**
 * Full screen for an element through the Fullscreen API; where the browser has none for elements (Safari on the
 * iPhone), the element fills the window instead (a class the CSS pins to the viewport) and Escape leaves it.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>): TFullscreen {
  const [native, setNative] = useState(false);
  const [pinned, setPinned] = useState(false);

  useEffect(() => {
    const onChange = () => setNative(Boolean(ref.current) && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);

  useEffect(() => {
    if (!pinned) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPinned(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pinned]);

  const toggle = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (pinned) {
      setPinned(false);
      return;
    }
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => undefined);
      return;
    }
    if (document.fullscreenEnabled && typeof el.requestFullscreen === 'function') {
      el.requestFullscreen({ navigationUI: 'hide' }).catch(() => setPinned(true));
    } else setPinned(true);
  }, [ref, pinned]);

  return { active: native || pinned, toggle };
}
