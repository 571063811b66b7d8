import type { ReactNode } from 'react';
import { useNear } from '../../lib/use-near';

/**
 * A part of a page below its first screen (a lesson's vocabulary, questions and exercises; the premium page's
 * testimonials and questions), drawn when the reader comes near it: scrolling to within a screen and a half, or the
 * first key press (a keyboard or screen-reader user on the way there; a browser's find-in-page starts with one). The
 * page's first paint and main thread do not pay for it, and since it grows below the screen nothing the reader sees
 * moves; `placeholder` is the class that keeps its room meanwhile. docs/performance.md, "Lighthouse, 2026-11-27
 * evening".
 */
export function WhenNear({ placeholder, children }: { placeholder: string; children: ReactNode }) {
  const [ref, near] = useNear<HTMLDivElement>();
  return (
    <div ref={ref} className={near ? undefined : placeholder}>
      {near ? children : null}
    </div>
  );
}
