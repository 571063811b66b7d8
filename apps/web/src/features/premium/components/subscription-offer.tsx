import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_CURRENCY,
  SUBSCRIPTION_LIST_PRICES,
  SUBSCRIPTION_PLANS,
  subscriptionSavings,
  type TSubscriptionCurrency,
  type TSubscriptionPlan,
} from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { useT } from '../../../lib/i18n/i18n';
import { subscriptionBenefits, subscriptionFaq, subscriptionTestimonials } from '../content';
import { useAudioSource } from '../../content/api/use-audio-claims';
import { formatLocalPrice, formatSavings } from '../lib/currency';
import type { TNavigate } from '../lib/checkout';
import { hasPremium } from '../lib/stripe-return';
import { useCheckout } from '../lib/use-checkout';
import { useOfferPrices } from '../lib/use-offer-prices';
import { CheckIcon } from './benefit-icon';
import { Faq } from './faq';
import { Testimonials } from './testimonials';
import { WhenNear } from '../../../components/when-near/when-near';

const PLAN_LABEL = {
  monthly: 'premium.plan.monthly',
  sixMonth: 'premium.plan.sixMonth',
  yearly: 'premium.plan.yearly',
} as const satisfies Record<TSubscriptionPlan, string>;

const PERIOD = {
  monthly: 'premium.period.monthly',
  sixMonth: 'premium.period.sixMonth',
  yearly: 'premium.period.yearly',
} as const satisfies Record<TSubscriptionPlan, string>;

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
  const t = useT();
  const user = useUser();
  const audio = useAudioSource() ?? 'unknown';
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
        <p className="premium-eyebrow">{t('premium.eyebrow')}</p>
        <h1>{t('premium.title')}</h1>
        <p className="lead">{t('premium.heroLead')}</p>
      </section>
      {notice}
      {body}
      {/* below the first screen: drawn when the visitor comes near (components/when-near) */}
      <WhenNear placeholder="premium-more-placeholder">
        <Testimonials items={subscriptionTestimonials(t, audio)} />
        <Faq items={subscriptionFaq(t)} />
      </WhenNear>
      {/* docs/product.md, "Premium page": a visually hidden test button starting a checkout of the monthly USD price */}
      <button
        type="button"
        className="visually-hidden"
        onClick={() =>
          testPrice ? void checkout.start(testPrice.id) : console.warn('The test price is not loaded yet')
        }
      >
        {t('premium.testGo')}
      </button>
    </>
  );
}

function Benefits() {
  const t = useT();
  const headingId = useId();
  const audio = useAudioSource() ?? 'unknown';
  return (
    <section className="premium-section premium-benefits" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        {t('premium.whatYouGet')}
      </h2>
      <ul className="benefit-list">
        {subscriptionBenefits(t, audio).map((b) => (
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
  const t = useT();
  const headingId = useId();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        {t('premium.choosePlan')}
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
          {t('premium.pricesFailed')}{' '}
          <button type="button" className="btn-link" onClick={prices.retry}>
            {t('premium.tryAgain')}
          </button>
        </p>
      ) : null}
      <ul className="premium-notes">
        <li>{t('premium.cancelAnytime')}</li>
        <li>{t('premium.taxIncluded')}</li>
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
  const t = useT();
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
        {t(PLAN_LABEL[plan])}
      </h3>
      <p className="plan-period">{t(PERIOD[plan])}</p>
      {loading || !price || !currency ? (
        <p className="plan-price plan-price-loading">{t('premium.loadingPrices')}</p>
      ) : (
        <div className="plan-pricing">
          {savings !== 0 && list !== undefined ? (
            <p className="plan-list-price">
              <span className="visually-hidden">{t('premium.regularPrice')} </span>
              <s>{formatLocalPrice(list, currency, t.locale)}</s>
            </p>
          ) : null}
          <p className="plan-price" data-testid="plan-price">
            {formatLocalPrice(price.amount, currency, t.locale)}
          </p>
          {savings !== 0 ? (
            <p className="plan-savings">
              {t('premium.youSave', { amount: formatSavings(savings, currency, t.locale) })}
            </p>
          ) : null}
        </div>
      )}
      <button
        type="button"
        className={`btn ${plan === 'yearly' ? 'btn-primary' : 'btn-secondary'} btn-block`}
        aria-describedby={titleId}
        disabled={!price || loading || pendingPriceId !== null}
        onClick={() => price && onChoose(price.id)}
      >
        {pending ? t('premium.redirecting') : t('premium.getStarted')}
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
  const t = useT();
  const headingId = useId();
  return (
    <div className="premium-signup">
      <div>
        <Benefits />
        <PlanSummary prices={prices} />
      </div>
      <section className="premium-section premium-register" aria-labelledby={headingId}>
        <h2 id={headingId} className="premium-section-title">
          {t('premium.createAccount')}
        </h2>
        <p className="premium-register-lead">{t('premium.signUpFirst')}</p>
        {registerForm}
        {signIn ? <div className="premium-signin">{signIn}</div> : null}
      </section>
    </div>
  );
}

/** The plans at a glance for a visitor, who chooses one after signing up. */
function PlanSummary({ prices }: { prices: ReturnType<typeof useOfferPrices> }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section-title">
        {t('premium.plans')}
      </h2>
      <dl className="plan-summary">
        {SUBSCRIPTION_PLANS.map((plan) => {
          const price = prices.priceOf(plan);
          return (
            <div key={plan}>
              <dt>
                {t(PLAN_LABEL[plan])} <span className="plan-period">({t(PERIOD[plan])})</span>
              </dt>
              <dd>
                {prices.loading || !price || !prices.currency
                  ? t('premium.loadingPrices')
                  : formatLocalPrice(price.amount, prices.currency, t.locale)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

export function AlreadyPremium() {
  const t = useT();
  const audio = useAudioSource() ?? 'unknown';
  return (
    <section className="premium-section premium-member-note" aria-label={t('premium.member.label')}>
      <h2 className="premium-section-title">{t('premium.member.title')}</h2>
      <p>{t('premium.member.text', { audio })}</p>
      <Link to={paths.learnPolish.getHref()} className="btn btn-primary">
        {t('auth.confirm.start')}
      </Link>
    </section>
  );
}
