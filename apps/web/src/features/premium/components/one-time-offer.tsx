import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { TEST_PAYMENT, type TOneTimePlan } from '@polski/contracts';
import { useUser } from '../../../lib/session';
import { useT } from '../../../lib/i18n/i18n';
import { oneTimeBenefits, oneTimeFaq, oneTimeTestimonials } from '../content';
import { useAudioSource } from '../../content/api/use-audio-claims';
import { usePaymentsConfig } from '../api/get-payments-config';
import { formatLocalPrice } from '../lib/currency';
import type { TNavigate } from '../lib/checkout';
import { hasPremium } from '../lib/stripe-return';
import { afterPaymentHref, useReturnTo } from '../lib/return-to';
import { useCheckout } from '../lib/use-checkout';
import { useOfferPrices, type TOfferPrices } from '../lib/use-offer-prices';
import { BenefitIcon, CheckIcon } from './benefit-icon';
import { Faq } from './faq';
import { PaymentOverlay } from './payment-overlay';
import { Testimonials } from './testimonials';
import { WhenNear } from '../../../components/when-near/when-near';

/** FAQ of 8 with 4 shown until 'Show More' (docs/product.md, "Premium page"). */
const FAQ_INITIALLY_SHOWN = 4;

const PLAN_LABEL = {
  yearly: 'premium.plan.yearly',
  lifetime: 'premium.plan.lifetime',
} as const satisfies Record<TOneTimePlan, string>;

const PLAN_TERMS = {
  yearly: 'premium.terms.yearly',
  lifetime: 'premium.terms.lifetime',
} as const satisfies Record<TOneTimePlan, string>;

const PLAN_POINTS = {
  yearly: ['premium.points.yearly1', 'premium.points.yearly2'],
  lifetime: ['premium.points.lifetime1', 'premium.points.lifetime2'],
} as const satisfies Record<TOneTimePlan, readonly string[]>;

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
  const t = useT();
  const user = useUser();
  const audio = useAudioSource() ?? 'unknown';
  const checkout = useCheckout('one-time', navigate);
  const prices = useOfferPrices('one-time');
  const testMode = usePaymentsConfig().data?.testMode === true;
  const [registeringFor, setRegisteringFor] = useState<TOneTimePlan | null>(null);

  const returnTo = useReturnTo();

  // a member is sent on: to the lesson they came from (?returnTo=), else to the lessons
  if (hasPremium(user)) return <Navigate to={afterPaymentHref(returnTo)} replace />;

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
      {/* below the first screen: drawn when the visitor comes near (components/when-near) */}
      <WhenNear placeholder="premium-more-placeholder">
        <Testimonials items={oneTimeTestimonials(t)} />
        <Faq items={oneTimeFaq(t, audio)} initiallyShown={FAQ_INITIALLY_SHOWN} />
      </WhenNear>
      {/* docs/product.md, "Premium page": a visually hidden test button pays the fixed test price (TEST_PAYMENT), never
          a plan; only where no real money moves, and for a signed-in learner (the API takes it in test mode only) */}
      {testMode && user ? (
        <button
          type="button"
          className="visually-hidden"
          onClick={() => void checkout.start(TEST_PAYMENT.priceId)}
        >
          {t('premium.testPayment')}
        </button>
      ) : null}
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
  const t = useT();
  const audio = useAudioSource() ?? 'unknown';
  return (
    <section className="premium-hero premium-hero-b" aria-label="Premium">
      <div>
        <p className="premium-eyebrow">{t('premium.eyebrow')}</p>
        <h1>{t('premium.title')}</h1>
        <p className="lead">{t('premium.heroLeadOneTime', { audio })}</p>
        <div className="premium-hero-actions">
          <button type="button" className="btn btn-primary btn-lg" onClick={onBuy} disabled={!ready}>
            {t('premium.getPremium')}
          </button>
          <p className="premium-hero-price">
            {ready && yearly && currency
              ? t('premium.fromPrice', { price: formatLocalPrice(yearly.amount, currency, t.locale) })
              : t('premium.loadingPrices')}
          </p>
        </div>
      </div>
    </section>
  );
}

function BenefitCards() {
  const t = useT();
  const headingId = useId();
  const audio = useAudioSource() ?? 'unknown';
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        {t('premium.everything')}
      </h2>
      <ul className="benefit-cards">
        {oneTimeBenefits(t, audio).map((b) => (
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
  const t = useT();
  const headingId = useId();
  return (
    <section className="premium-section premium-pricing" id="pricing" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        {t('premium.choosePlan')}
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
                {plan === 'lifetime' ? <p className="plan-badge">{t('premium.bestValue')}</p> : null}
                <h3 id={titleId} className="plan-title">
                  {t(PLAN_LABEL[plan])}
                </h3>
                {prices.loading || prices.failed || !price || !prices.currency ? (
                  <p className="plan-price plan-price-loading">{t('premium.loadingPrices')}</p>
                ) : (
                  <p className="plan-price" data-testid="plan-price">
                    {formatLocalPrice(price.amount, prices.currency, t.locale)}
                  </p>
                )}
                <p className="plan-period">{t(PLAN_TERMS[plan])}</p>
                <ul className="benefit-list plan-points">
                  {PLAN_POINTS[plan].map((p) => (
                    <li key={p}>
                      <CheckIcon />
                      {t(p)}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className={`btn ${plan === 'lifetime' ? 'btn-primary' : 'btn-secondary'} btn-block`}
                  disabled={!price || busy}
                  onClick={() => onBuy(plan)}
                >
                  {t('premium.buy', { plan: t(PLAN_LABEL[plan]) })}
                </button>
              </article>
            </li>
          );
        })}
      </ul>
      {prices.failed ? (
        <p className="premium-note">
          {t('premium.pricesFailed')}{' '}
          <button type="button" className="btn-link" onClick={prices.retry}>
            {t('premium.tryAgain')}
          </button>
        </p>
      ) : null}
      <ul className="premium-notes">
        <li>{t('premium.onePayment')}</li>
        <li>{t('premium.secureCheckout')}</li>
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
  const t = useT();
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
        {t('premium.createAccount')}
      </h3>
      <p className="premium-register-lead">
        {price && currency
          ? t('premium.inlineLeadPrice', {
              plan: t(PLAN_LABEL[plan]),
              price: formatLocalPrice(price.amount, currency, t.locale),
            })
          : t('premium.inlineLead', { plan: t(PLAN_LABEL[plan]) })}
      </p>
      {children}
      {signIn ? <div className="premium-signin">{signIn}</div> : null}
    </section>
  );
}
