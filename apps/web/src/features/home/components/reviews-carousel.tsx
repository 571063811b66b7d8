import { useId, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/later-icons';
import { REVIEWS, type TReview } from '../reviews';

export interface TReviewsCarouselProps {
  reviews: readonly TReview[];
}

/** One review at a time; previous and next wrap around at both ends. */
export function ReviewsCarousel({ reviews }: TReviewsCarouselProps) {
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const count = reviews.length;
  if (count === 0) return null;
  const review = reviews[index];
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <section className="reviews" aria-roledescription="carousel" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        What our learners say
      </h2>
      <div className="reviews-frame">
        <button type="button" className="reviews-nav" aria-label="Previous review" onClick={() => go(-1)}>
          <ChevronLeftIcon />
        </button>
        <figure
          className="review-card"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          aria-live="polite"
          aria-atomic="true"
        >
          <blockquote>
            <p>“{review.text}”</p>
          </blockquote>
          <figcaption>
            <span className="review-name">{review.name}</span>
            <span className="review-country">{review.country}</span>
          </figcaption>
        </figure>
        <button type="button" className="reviews-nav" aria-label="Next review" onClick={() => go(1)}>
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
export default function HomeReviews() {
  return <ReviewsCarousel reviews={REVIEWS} />;
}
