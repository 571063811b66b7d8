import { useId } from 'react';
import { useT } from '../../../lib/i18n/i18n';

export interface TTestimonial {
  quote: string;
  name: string;
  detail: string;
}

/** Learners' words, as quotes with their names. */
export function Testimonials({ items, title }: { items: readonly TTestimonial[]; title?: string }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        {title ?? t('premium.testimonials.title')}
      </h2>
      <ul className="testimonials">
        {items.map((item) => (
          <li key={item.name}>
            <figure className="testimonial">
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <span className="testimonial-name">{item.name}</span>
                <span className="testimonial-detail">{item.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
