import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_CURRENCY,
  formatPrice,
  SUBSCRIPTION_LIST_PRICES,
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_PLANS,
  subscriptionSavings,
  type TSubscriptionCurrency,
  type TSubscriptionPlan,
} from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { SUBSCRIPTION_FAQ, subscriptionBenefits, subscriptionTestimonials } from '../content';
import { useAudioClaims } from '../../content/api/use-audio-claims';
import { formatSavings } from '../lib/currency';
import type { TNavigate } from '../lib/checkout';
import { hasPremium } from '../lib/stripe-return';
import { useCheckout } from '../lib/use-checkout';
import { useOfferPrices } from '../lib/use-offer-prices';
import { CheckIcon } from './benefit-icon';
import { Faq } from './faq';
import { Testimonials } from './testimonials';

const PERIOD: Record<TSubscriptionPlan, string> = {
  monthly: '1 month',
  sixMonth: '6 months',
  yearly: '12 months',
};

export interface TSubscriptionOfferProps {
  /** The register form (variant premium) for visitors. */
  renderRegisterForm: (onRegistered: () => void) => ReactNode;
  /** Where a visitor with an account signs in instead. */
  signIn?: ReactNode;
  navigate?: TNavigate;
  /** Rendered below the hero (e.g. the cancelled-checkout note). */
  notice?: ReactNode;
}

/**
 * The subscription offer of /premium-member (docs/product.md, "Premium page"): register form for visitors;
 * benefits and the three plans once signed in.
 */
export function SubscriptionOffer({ renderRegisterForm, signIn, navigate, notice }: TSubscriptionOfferProps) {
  const user = useUser();
  const audio = useAudioClaims();
  const checkout = useCheckout('subscription', navigate);
  const prices = useOfferPrices('subscription');
  const testPrice = prices.priceOf('monthly', DEFAULT_CURRENCY);

  let body: ReactNode;
  if (!user)
    body = (
      <VisitorSignUp registerForm={renderRegisterForm(() => undefined)} signIn={signIn} prices={prices} />
    );
  else if (hasPremium(user)) body = <AlreadyPremium />;
  else
    body = (
      <>
        <Benefits />
        <Plans
          prices={prices}
          pendingPriceId={checkout.pendingPriceId}
          onChoose={(id) => void checkout.start(id)}
        />
      </>
    );

  return (
    <>
      <section className="premium-hero" aria-label="Premium">
        <p className="premium-eyebrow">Polski Stories Premium</p>
        <h1>Get Premium Access</h1>
        <p className="lead">
          Learn Polish through stories with every lesson unlocked. Choose monthly, 6-month or yearly: renews
          automatically, cancel anytime.
        </p>
      </section>
      {notice}
      {body}
      <Testimonials items={subscriptionTestimonials(audio)} />
      <Faq items={SUBSCRIPTION_FAQ} />
      {/* docs/product.md, "Premium page": a visually hidden test button starting a checkout of the monthly USD price */}
      <button
        type="button"
        className="visually-hidden"
        onClick={() =>
          testPrice ? void checkout.start(testPrice.id) : console.warn('The test price is not loaded yet')
        }
      >
        Go
      </button>
    </>
  );
}

function Benefits() {
  const headingId = useId();
  const audio = useAudioClaims();
  return (
    <section className="premium-section premium-benefits" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        What you get
      </h2>
      <ul className="benefit-list">
        {subscriptionBenefits(audio).map((b) => (
          <li key={b}>
            <CheckIcon />
            {b}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Plans({
  prices,
  pendingPriceId,
  onChoose,
}: {
  prices: ReturnType<typeof useOfferPrices>;
  pendingPriceId: string | null;
  onChoose: (priceId: string) => void;
}) {
  const headingId = useId();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        Choose your plan
      </h2>
      <ul className="plan-grid plan-grid-3">
        {SUBSCRIPTION_PLANS.map((plan) => (
          <li key={plan}>
            <PlanCard
              plan={plan}
              currency={prices.currency as TSubscriptionCurrency | null}
              price={prices.priceOf(plan)}
              loading={prices.loading || prices.failed}
              pendingPriceId={pendingPriceId}
              onChoose={onChoose}
            />
          </li>
        ))}
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
        <li>Cancel anytime</li>
        <li>All prices include tax</li>
      </ul>
    </section>
  );
}

function PlanCard({
  plan,
  currency,
  price,
  loading,
  pendingPriceId,
  onChoose,
}: {
  plan: TSubscriptionPlan;
  currency: TSubscriptionCurrency | null;
  price: { id: string; amount: number } | null;
  loading: boolean;
  pendingPriceId: string | null;
  onChoose: (priceId: string) => void;
}) {
  const titleId = useId();
  const list = currency ? SUBSCRIPTION_LIST_PRICES[currency]?.[plan] : undefined;
  const savings = price && list !== undefined ? subscriptionSavings(plan, list, price.amount) : 0;
  const pending = price !== null && pendingPriceId === price.id;
  return (
    <article
      className={`plan-card${plan === 'yearly' ? ' is-featured' : ''}`}
      aria-labelledby={titleId}
      data-plan={plan}
    >
      <h3 id={titleId} className="plan-title">
        {SUBSCRIPTION_PLAN_LABELS[plan]}
      </h3>
      <p className="plan-period">{PERIOD[plan]}</p>
      {loading || !price || !currency ? (
        <p className="plan-price plan-price-loading">Loading prices...</p>
      ) : (
        <div className="plan-pricing">
          {savings !== 0 && list !== undefined ? (
            <p className="plan-list-price">
              <span className="visually-hidden">Regular price </span>
              <s>{formatPrice(list, currency)}</s>
            </p>
          ) : null}
          <p className="plan-price" data-testid="plan-price">
            {formatPrice(price.amount, currency)}
          </p>
          {savings !== 0 ? <p className="plan-savings">You save {formatSavings(savings, currency)}</p> : null}
        </div>
      )}
      <button
        type="button"
        className={`btn ${plan === 'yearly' ? 'btn-primary' : 'btn-secondary'} btn-block`}
        aria-describedby={titleId}
        disabled={!price || loading || pendingPriceId !== null}
        onClick={() => price && onChoose(price.id)}
      >
        {pending ? 'Redirecting…' : 'Get started'}
      </button>
    </article>
  );
}

function VisitorSignUp({
  registerForm,
  signIn,
  prices,
}: {
  registerForm: ReactNode;
  signIn?: ReactNode;
  prices: ReturnType<typeof useOfferPrices>;
}) {
  const headingId = useId();
  return (
    <div className="premium-signup">
      <div>
        <Benefits />
        <PlanSummary prices={prices} />
      </div>
      <section className="premium-section premium-register" aria-labelledby={headingId}>
        <h2 id={headingId} className="premium-section-title">
          Create your account
        </h2>
        <p className="premium-register-lead">Sign up first, then choose your plan.</p>
        {registerForm}
        {signIn ? <div className="premium-signin">{signIn}</div> : null}
      </section>
    </div>
  );
}

/** The plans at a glance for a visitor, who chooses one after signing up. */
function PlanSummary({ prices }: { prices: ReturnType<typeof useOfferPrices> }) {
  const headingId = useId();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        Plans
      </h2>
      <dl className="plan-summary">
        {SUBSCRIPTION_PLANS.map((plan) => {
          const price = prices.priceOf(plan);
          return (
            <div key={plan}>
              <dt>
                {SUBSCRIPTION_PLAN_LABELS[plan]} <span className="plan-period">({PERIOD[plan]})</span>
              </dt>
              <dd>
                {prices.loading || !price || !prices.currency
                  ? 'Loading prices...'
                  : formatPrice(price.amount, prices.currency)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

export function AlreadyPremium() {
  const audio = useAudioClaims();
  return (
    <section className="premium-section premium-member-note" aria-label="Your membership">
      <h2 className="premium-section-title">You are a Premium Member</h2>
      <p>Every premium lesson, {audio.theAudio} and the translator are open to you.</p>
      <Link to={paths.learnPolish.getHref()} className="btn btn-primary">
        Start Learning Polish
      </Link>
    </section>
  );
}
