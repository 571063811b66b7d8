import { useId, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/later-icons';
import { intlLocale } from '../../../lib/i18n/ui';
import { useT } from '../../../lib/i18n/i18n';
import { REVIEWS, type TReview } from '../reviews';

export interface TReviewsCarouselProps {
  reviews: readonly TReview[];
}

/** One review at a time; previous and next wrap around at both ends. */
export function ReviewsCarousel({ reviews }: TReviewsCarouselProps) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const count = reviews.length;
  if (count === 0) return null;
  const review = reviews[index];
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <section className="reviews" aria-roledescription="carousel" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('home.reviews.title')}
      </h2>
      <div className="reviews-frame">
        <button
          type="button"
          className="reviews-nav"
          aria-label={t('home.reviews.previous')}
          onClick={() => go(-1)}
        >
          <ChevronLeftIcon />
        </button>
        <figure
          className="review-card"
          aria-roledescription="slide"
          aria-label={t('home.reviews.position', { n: index + 1, total: count })}
          aria-live="polite"
          aria-atomic="true"
        >
          <blockquote>
            <p>{t('home.reviews.quote', { text: t(review.text, reviewValues(t.locale)) })}</p>
          </blockquote>
          <figcaption>
            <span className="review-name">{review.name}</span>
            <span className="review-country">{countryName(review.country, t.locale)}</span>
          </figcaption>
        </figure>
        <button
          type="button"
          className="reviews-nav"
          aria-label={t('home.reviews.next')}
          onClick={() => go(1)}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <p className="reviews-indicator" data-testid="reviews-indicator">
        {index + 1} / {count}
      </p>
    </section>
  );
}

/** The home page's carousel with its reviews: the home page loads it lazily (docs/performance.md, the home budget). */
/** The Polish words in the reviews (kept out of the translations: other scripts have none of these letters). */
const reviewValues = (locale: string) => ({
  sounds: new Intl.ListFormat(intlLocale(locale)).format(['sz', 'cz', 'rz']),
  city: 'Gdańsk',
});

/** A country's name in the interface's language ("Ireland", "Irland", "Ірландія"). */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export default function HomeReviews() {
  return <ReviewsCarousel reviews={REVIEWS} />;
}
