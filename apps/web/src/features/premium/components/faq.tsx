import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n';

export interface TFaqItem {
  question: string;
  answer: ReactNode;
}

export interface TFaqProps {
  items: readonly TFaqItem[];
  /** Show only this many until 'Show More' (variant B: 4 of 8). All are shown when omitted. */
  initiallyShown?: number;
  title?: string;
}

/**
 * FAQ accordion: each question is a button that expands and collapses its answer (aria-expanded, aria-controls).
 * With `initiallyShown`, the rest hide behind a Show More / Show Less toggle (the one-time offer's FAQ,
 * docs/product.md, "Premium page").
 */
export function Faq({ items, initiallyShown, title }: TFaqProps) {
  const t = useT();
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const limited = initiallyShown !== undefined && items.length > initiallyShown;
  const visible = limited && !showAll ? items.slice(0, initiallyShown) : items;
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const listId = `${baseId}-list`;
  return (
    <section className="premium-section premium-faq" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="premium-section-title">
        {title ?? t('premium.faq.title')}
      </h2>
      <div id={listId} className="faq-list">
        {visible.map((item, i) => {
          const expanded = open.has(i);
          const buttonId = `${baseId}-q${i}`;
          const panelId = `${baseId}-a${i}`;
          return (
            <div key={item.question} className={`faq-item${expanded ? ' is-open' : ''}`}>
              <h3 className="faq-question">
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(i)}
                >
                  <span>{item.question}</span>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path
                      d="M6 9l6 6 6-6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.25"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                className="faq-answer"
                hidden={!expanded}
              >
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>
      {limited ? (
        <button
          type="button"
          className="btn btn-secondary faq-more"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => setShowAll((s) => !s)}
        >
          {showAll ? t('premium.faq.showLess') : t('premium.faq.showMore')}
        </button>
      ) : null}
    </section>
  );
}
