/**
 * The illustrations of the pages' states and sections (original SVGs made for this product: docs/product.md,
 * "Illustrations"): the empty word list, the finished review, the podcast page and the home page's method. Files of
 * their own (`?no-inline`: never inlined in the JavaScript), imported only by the lazy chunks of those pages.
 */
import method from './states/method.svg?no-inline';
import noSavedWords from './states/no-saved-words.svg?no-inline';
import podcast from './states/podcast.svg?no-inline';
import reviewsDone from './states/reviews-done.svg?no-inline';

export const STATE_ART = { method, noSavedWords, podcast, reviewsDone } as const;

/** Their drawing size (viewBox 0 0 320 200): the img's width and height, so nothing moves as they load. */
export const STATE_ART_SIZE = { width: 320, height: 200 } as const;

/**
 * One of these pictures, decorative (`alt=""`: the heading or text beside it says what the state is; each file's
 * <title> and <desc> describe it where it is used alone), lazily loaded and sized. Styled by `.state-art` in
 * global.css (a width that never crowds the text, auto height from the drawing's proportions).
 */
export function StateArt({ src, className }: { src: string; className?: string }) {
  return (
    <img
      className={`state-art${className ? ` ${className}` : ''}`}
      src={src}
      alt=""
      {...STATE_ART_SIZE}
      loading="lazy"
      decoding="async"
    />
  );
}
