import { Link } from 'react-router';
import { WITHDRAWAL_DAYS, type TMediaSource } from '@polski/contracts';
import { paths } from '../../config/paths';
import type { TMessageKey, TTranslate } from '../../lib/i18n/i18n';
import { rich } from '../../lib/i18n/rich';
import type { TBenefitIcon } from './components/benefit-icon';
import type { TFaqItem } from './components/faq';
import type { TTestimonial } from './components/testimonials';

/**
 * The catalogue's plainest lesson audio, 'unknown' until the hubs' summary is in: the premium texts select on it
 * (docs/product.md, "Honest audio claims"; the `{audio, select, …}` messages of the `premium.*` keys).
 */
export type TAudio = TMediaSource | 'unknown';

/**
 * The subscription offer's benefits list (docs/product.md, "Premium page"; the audio: "Honest audio claims").
 */
export const subscriptionBenefits = (t: TTranslate, audio: TAudio) =>
  [
    t('premium.benefit.allLessons'),
    t('premium.benefit.audio', { audio }),
    t('premium.benefit.translation'),
  ] as const;

const faq = (
  t: TTranslate,
  q: TMessageKey,
  a: TMessageKey,
  link?: string,
  values?: Record<string, string | number>,
): TFaqItem => ({
  question: t(q),
  answer: <p>{link ? rich(t(a, values), { 0: (c) => <Link to={link}>{c}</Link> }) : t(a, values)}</p>,
});

/**
 * The subscription offer's FAQ (docs/product.md, "Premium page": payment methods; no free trial but free lessons;
 * more content; cancel or renew).
 */
export const subscriptionFaq = (t: TTranslate): readonly TFaqItem[] => [
  faq(t, 'premium.faq.payment.q', 'premium.faq.payment.a'),
  faq(t, 'premium.faq.trial.q', 'premium.faq.trial.a', paths.learnPolish.getHref()),
  faq(t, 'premium.faq.more.q', 'premium.faq.more.a'),
  faq(t, 'premium.faq.cancel.q', 'premium.faq.cancel.a', paths.settings.getHref()),
];

export const subscriptionTestimonials = (t: TTranslate, audio: TAudio): readonly TTestimonial[] => [
  { quote: t('premium.quote.emma', { audio }), name: 'Emma', detail: t('premium.quote.emma.detail') },
  { quote: t('premium.quote.daniel'), name: 'Daniel', detail: t('premium.quote.daniel.detail') },
  { quote: t('premium.quote.sofia'), name: 'Sofia', detail: t('premium.quote.sofia.detail') },
];

const CARDS: readonly [TBenefitIcon, string][] = [
  ['book', 'lessons'],
  ['audio', 'audio'],
  ['translate', 'translator'],
  ['check', 'exercises'],
  ['chat', 'dialogues'],
  ['spark', 'newContent'],
];

/** Variant B's six benefit cards. */
export const oneTimeBenefits = (
  t: TTranslate,
  audio: TAudio,
): readonly { icon: TBenefitIcon; title: string; text: string }[] =>
  CARDS.map(([icon, name]) => ({
    icon,
    title: t(`premium.card.${name}.title` as TMessageKey, { audio }),
    text: t(`premium.card.${name}.text` as TMessageKey, { audio }),
  }));

export const oneTimeTestimonials = (t: TTranslate): readonly TTestimonial[] => [
  { quote: t('premium.quote.mark'), name: 'Mark', detail: t('premium.quote.mark.detail') },
  { quote: t('premium.quote.ana'), name: 'Ana', detail: t('premium.quote.ana.detail') },
];

/**
 * The one-time offer's eight questions; the first four show until 'Show More' (docs/product.md, "Premium page").
 */
export const oneTimeFaq = (t: TTranslate, audio: TAudio): readonly TFaqItem[] => [
  faq(t, 'premium.faq.isSubscription.q', 'premium.faq.isSubscription.a'),
  faq(t, 'premium.faq.payment.q', 'premium.faq.paymentOneTime.a'),
  faq(t, 'premium.faq.whatDoIGet.q', 'premium.faq.whatDoIGet.a', undefined, { audio }),
  faq(t, 'premium.faq.try.q', 'premium.faq.try.a', paths.learnPolish.getHref()),
  faq(t, 'premium.faq.refund.q', 'premium.faq.refund.a', paths.terms.getHref(), { days: WITHDRAWAL_DAYS }),
  faq(t, 'premium.faq.more.q', 'premium.faq.moreOneTime.a'),
  faq(t, 'premium.faq.phone.q', 'premium.faq.phone.a'),
  faq(t, 'premium.faq.purchase.q', 'premium.faq.purchase.a', paths.settings.getHref()),
];
