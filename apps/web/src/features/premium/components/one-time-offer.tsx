import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { formatPrice, ONE_TIME_PLAN_LABELS, type TOneTimePlan } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { ONE_TIME_TESTIMONIALS, oneTimeBenefits, oneTimeFaq } from '../content';
import { useAudioClaims } from '../../content/api/use-audio-claims';
import type { TNavigate } from '../lib/checkout';
import { hasPremium } from '../lib/stripe-return';
import { useCheckout } from '../lib/use-checkout';
import { useOfferPrices, type TOfferPrices } from '../lib/use-offer-prices';
import { BenefitIcon, CheckIcon } from './benefit-icon';
import { Faq } from './faq';
import { PaymentOverlay } from './payment-overlay';
import { Testimonials } from './testimonials';

/** FAQ of 8 with 4 shown until 'Show More' (docs/product.md, "Premium page"). */
const FAQ_INITIALLY_SHOWN = 4;

const PLAN_TERMS: Record<TOneTimePlan, string> = {
  yearly: 'one year, no subscription',
  lifetime: 'for the life of the platform',
};

const PLAN_POINTS: Record<TOneTimePlan, readonly string[]> = {
  yearly: ['Every premium lesson for 12 months', 'One payment, nothing renews'],
  lifetime: ['Every premium lesson, forever', 'All future lessons included'],
};

export interface TOneTimeOfferProps {
  /** The register form (variant premium); `onRegistered` is called once it completes. */
  renderRegisterForm: (onRegistered: () => void) => ReactNode;
  signIn?: ReactNode;
  navigate?: TNavigate;
  /** Rendered below the hero (e.g. the cancelled-checkout note). */
  notice?: ReactNode;
}

/**
 * The one-time offer of /premium-member (docs/product.md, "Premium page"): hero with a buy button, six benefit
 * cards, the price section, two testimonials and the 8-item FAQ. A buy button starts the payment at once when
 * signed in; otherwise it opens the inline registration and the payment starts after it completes. Premium members
 * go to /learn-polish.
 */
export function OneTimeOffer({ renderRegisterForm, signIn, navigate, notice }: TOneTimeOfferProps) {
  const user = useUser();
  const audio = useAudioClaims();
  const checkout = useCheckout('one-time', navigate);
  const prices = useOfferPrices('one-time');
  const [registeringFor, setRegisteringFor] = useState<TOneTimePlan | null>(null);

  if (hasPremium(user)) return <Navigate to={paths.learnPolish.getHref()} replace />;

  const buy = (plan: TOneTimePlan) => {
    const price = prices.priceOf(plan);
    if (!price) {
      console.warn(`The ${plan} price is not loaded yet`);
      return;
    }
    if (user && registeringFor === null) void checkout.start(price.id);
    else setRegisteringFor(plan);
  };

  // the plan the form was submitted for (its completion comes TIMERS.premiumPageCompletion later)
  const onRegistered = () => {
    const plan = registeringFor;
    setRegisteringFor(null);
    const price = plan ? prices.priceOf(plan) : null;
    if (price) void checkout.start(price.id);
  };

  const ready = !prices.loading && !prices.failed;
  return (
    <>
      <Hero
        onBuy={() => buy('yearly')}
        yearly={prices.priceOf('yearly')}
        currency={prices.currency}
        ready={ready}
      />
      {notice}
      <BenefitCards />
      <PriceSection prices={prices} onBuy={buy} busy={checkout.pendingPriceId !== null}>
        {registeringFor ? (
          <InlineRegistration
            plan={registeringFor}
            price={prices.priceOf(registeringFor)}
            currency={prices.currency}
            signIn={signIn}
          >
            {renderRegisterForm(onRegistered)}
          </InlineRegistration>
        ) : null}
      </PriceSection>
      <Testimonials items={ONE_TIME_TESTIMONIALS} />
      <Faq items={oneTimeFaq(audio)} initiallyShown={FAQ_INITIALLY_SHOWN} />
      {/* docs/product.md, "Premium page": a visually hidden test button: a test payment of the yearly price in the detected currency */}
      <button type="button" className="visually-hidden" onClick={() => buy('yearly')}>
        Test payment
      </button>
      {checkout.pendingPriceId !== null ? <PaymentOverlay /> : null}
    </>
  );
}

function Hero({
  onBuy,
  yearly,
  currency,
  ready,
}: {
  onBuy: () => void;
  yearly: { amount: number } | null;
  currency: string | null;
  ready: boolean;
}) {
  const audio = useAudioClaims();
  return (
    <section className="premium-hero premium-hero-b" aria-label="Premium">
      <div>
        <p className="premium-eyebrow">Polski Stories Premium</p>
        <h1>Get Premium Access</h1>
        <p className="lead">
          Unlock every premium lesson, {audio.everyLessonInline} and the multilingual translator. Pay once: no
          subscription.
        </p>
        <div className="premium-hero-actions">
          <button type="button" className="btn btn-primary btn-lg" onClick={onBuy} disabled={!ready}>
            Get Premium
          </button>
          <p className="premium-hero-price">
            {ready && yearly && currency
              ? `From ${formatPrice(yearly.amount, currency)} for one year`
              : 'Loading prices...'}
          </p>
        </div>
      </div>
    </section>
  );
}

function BenefitCards() {
  const headingId = useId();
  const audio = useAudioClaims();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        Everything in Premium
      </h2>
      <ul className="benefit-cards">
        {oneTimeBenefits(audio).map((b) => (
          <li key={b.title} className="benefit-card">
            <span className="benefit-card-icon">
              <BenefitIcon name={b.icon} />
            </span>
            <h3>{b.title}</h3>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PriceSection({
  prices,
  onBuy,
  busy,
  children,
}: {
  prices: TOfferPrices;
  onBuy: (plan: TOneTimePlan) => void;
  busy: boolean;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="premium-section premium-pricing" id="pricing" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        Choose your plan
      </h2>
      <ul className="plan-grid plan-grid-2">
        {(['yearly', 'lifetime'] as const).map((plan) => {
          const price = prices.priceOf(plan);
          const titleId = `${headingId}-${plan}`;
          return (
            <li key={plan}>
              <article
                className={`plan-card${plan === 'lifetime' ? ' is-featured' : ''}`}
                aria-labelledby={titleId}
                data-plan={plan}
              >
                {plan === 'lifetime' ? <p className="plan-badge">Best value</p> : null}
                <h3 id={titleId} className="plan-title">
                  {ONE_TIME_PLAN_LABELS[plan]}
                </h3>
                {prices.loading || prices.failed || !price || !prices.currency ? (
                  <p className="plan-price plan-price-loading">Loading prices...</p>
                ) : (
                  <p className="plan-price" data-testid="plan-price">
                    {formatPrice(price.amount, prices.currency)}
                  </p>
                )}
                <p className="plan-period">{PLAN_TERMS[plan]}</p>
                <ul className="benefit-list plan-points">
                  {PLAN_POINTS[plan].map((p) => (
                    <li key={p}>
                      <CheckIcon />
                      {p}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className={`btn ${plan === 'lifetime' ? 'btn-primary' : 'btn-secondary'} btn-block`}
                  disabled={!price || busy}
                  onClick={() => onBuy(plan)}
                >
                  Buy {ONE_TIME_PLAN_LABELS[plan]}
                </button>
              </article>
            </li>
          );
        })}
      </ul>
      {prices.failed ? (
        <p className="premium-note">
          The prices could not be loaded.{' '}
          <button type="button" className="btn-link" onClick={prices.retry}>
            Try again
          </button>
        </p>
      ) : null}
      <ul className="premium-notes">
        <li>One payment, no subscription</li>
        <li>Secure checkout</li>
      </ul>
      {children}
    </section>
  );
}

function InlineRegistration({
  plan,
  price,
  currency,
  signIn,
  children,
}: {
  plan: TOneTimePlan;
  price: { amount: number } | null;
  currency: string | null;
  signIn?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    el.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
  }, [plan]);
  return (
    <section ref={ref} className="premium-register premium-register-inline" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        Create your account
      </h3>
      <p className="premium-register-lead">
        Then you go straight to the secure payment for the {ONE_TIME_PLAN_LABELS[plan]} plan
        {price && currency ? ` (${formatPrice(price.amount, currency)})` : ''}.
      </p>
      {children}
      {signIn ? <div className="premium-signin">{signIn}</div> : null}
    </section>
  );
}
