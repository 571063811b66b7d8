import { useId } from 'react';

export interface TTestimonial {
  quote: string;
  name: string;
  detail: string;
}

/** Learners' words, as quotes with their names. */
export function Testimonials({
  items,
  title = 'What learners say',
}: {
  items: readonly TTestimonial[];
  title?: string;
}) {
  const headingId = useId();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        {title}
      </h2>
      <ul className="testimonials">
        {items.map((t) => (
          <li key={t.name}>
            <figure className="testimonial">
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                <span className="testimonial-name">{t.name}</span>
                <span className="testimonial-detail">{t.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
