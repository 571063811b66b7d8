import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element at `ref` has come near the screen: within `margin` of it (a screen and a half by default), or
 * the learner has pressed a key (a keyboard or screen-reader user may be on the way there). Below-the-fold parts
 * that are drawn only then cost the page's first paint and main thread nothing (docs/performance.md). Without
 * IntersectionObserver (old browsers, jsdom) everything counts as near at once.
 */
export function useNear<T extends Element>(margin = '150% 0px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) show();
      },
      { rootMargin: margin },
    );
    if (ref.current) observer.observe(ref.current);
    window.addEventListener('keydown', show, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', show);
    };
  }, [near, margin]);
  return [ref, near];
}
