import { Link } from 'react-router';
import { WITHDRAWAL_DAYS, type TAudioClaims } from '@polski/contracts';
import { paths } from '../../config/paths';
import type { TBenefitIcon } from './components/benefit-icon';
import type { TFaqItem } from './components/faq';
import type { TTestimonial } from './components/testimonials';

/**
 * The subscription offer's benefits list (docs/product.md, "Premium page"; the audio: "Honest audio claims", the
 * texts of `useAudioClaims`).
 */
export const subscriptionBenefits = (audio: TAudioClaims) =>
  ['All premium lessons', audio.everyLesson, 'Multilingual translation'] as const;

/**
 * The subscription offer's FAQ (docs/product.md, "Premium page": payment methods; no free trial but free lessons;
 * more content; cancel or renew).
 */
export const SUBSCRIPTION_FAQ: readonly TFaqItem[] = [
  {
    question: 'What payment methods do you accept?',
    answer: (
      <p>
        You pay on our payment provider&apos;s secure checkout page with a debit or credit card (Visa,
        Mastercard, American Express) or the wallets it offers in your country, such as Apple Pay and Google
        Pay.
      </p>
    ),
  },
  {
    question: 'Is there a free trial?',
    answer: (
      <p>
        There is no free trial, but many lessons are free: the first lesson of every course and more. Try them
        on <Link to={paths.learnPolish.getHref()}>Learn Polish</Link> before you subscribe.
      </p>
    ),
  },
  {
    question: 'Will more content be added?',
    answer: (
      <p>
        Yes. New stories, dialogues and listening lessons are added regularly, and Premium includes them all.
      </p>
    ),
  },
  {
    question: 'How do I cancel or renew my subscription?',
    answer: (
      <p>
        Any time in <Link to={paths.settings.getHref()}>Settings</Link> - Billing and Subscriptions. When you
        cancel, you keep Premium until the end of the period you paid for; you can renew from the same place.
      </p>
    ),
  },
];

export const subscriptionTestimonials = (audio: TAudioClaims): readonly TTestimonial[] => [
  {
    quote: `The stories are short enough for my lunch break, and ${audio.testimonialHearing} finally fixed my pronunciation.`,
    name: 'Emma',
    detail: 'learning for her partner’s family',
  },
  {
    quote:
      'I moved to Kraków with almost no Polish. Three months of daily stories later I can follow conversations at work.',
    name: 'Daniel',
    detail: 'living in Kraków',
  },
  {
    quote: 'The translator and the vocabulary lists save me so much time. Worth every złoty.',
    name: 'Sofia',
    detail: 'intermediate learner',
  },
];

/** Variant B's six benefit cards. */
export const oneTimeBenefits = (
  audio: TAudioClaims,
): readonly { icon: TBenefitIcon; title: string; text: string }[] => [
  {
    icon: 'book',
    title: 'Every premium lesson',
    text: 'All stories, dialogues and history lessons, from complete beginner to intermediate.',
  },
  {
    icon: 'audio',
    title: audio.cardTitle,
    text: audio.cardText,
  },
  {
    icon: 'translate',
    title: 'Multilingual translator',
    text: 'Translate between Polish and your native language while you read.',
  },
  {
    icon: 'check',
    title: 'Exercises and quizzes',
    text: 'Check your understanding after each lesson and keep track of your progress.',
  },
  {
    icon: 'chat',
    title: 'Practical dialogues',
    text: 'Everyday conversations and listening practice for real situations.',
  },
  {
    icon: 'spark',
    title: 'New content included',
    text: 'Lessons added later are yours too, at no extra cost.',
  },
];

export const ONE_TIME_TESTIMONIALS: readonly TTestimonial[] = [
  {
    quote:
      'I paid once and have not thought about it since. The lessons are exactly the right length, and the audio is excellent.',
    name: 'Mark',
    detail: 'lifetime member',
  },
  {
    quote:
      'After a year of stories I passed my B1 exam. The slow audio story was my favourite way to start the day.',
    name: 'Ana',
    detail: 'yearly member',
  },
];

/**
 * The one-time offer's eight questions; the first four show until 'Show More' (docs/product.md, "Premium page").
 */
export const oneTimeFaq = (audio: TAudioClaims): readonly TFaqItem[] => [
  {
    question: 'Is this a subscription?',
    answer: (
      <p>
        No. You pay once. The yearly plan gives you one year of Premium with no subscription and nothing
        renews automatically; the lifetime plan gives you Premium for the life of the platform.
      </p>
    ),
  },
  {
    question: 'What payment methods do you accept?',
    answer: (
      <p>
        You pay on our payment provider&apos;s secure checkout page with a debit or credit card or the wallets
        it offers in your country.
      </p>
    ),
  },
  {
    question: 'What do I get with Premium?',
    answer: (
      <p>
        Every premium lesson {audio.withAudio}, exercises and quizzes, the vocabulary lists and the
        multilingual translator.
      </p>
    ),
  },
  {
    question: 'Can I try it before I buy?',
    answer: (
      <p>
        Yes. Many lessons are free, including the first lesson of every course. Try them on{' '}
        <Link to={paths.learnPolish.getHref()}>Learn Polish</Link>.
      </p>
    ),
  },
  {
    question: 'Can I get a refund?',
    answer: (
      <p>
        Yes. You can withdraw within {WITHDRAWAL_DAYS} days of your purchase and get a refund, as described in
        our <Link to={paths.terms.getHref()}>Terms and Conditions</Link>.
      </p>
    ),
  },
  {
    question: 'Will more content be added?',
    answer: <p>Yes. New lessons are added regularly, and your Premium access includes them.</p>,
  },
  {
    question: 'Can I learn on my phone?',
    answer: (
      <p>Yes. The site works on phones, tablets and computers; sign in with the same account everywhere.</p>
    ),
  },
  {
    question: 'Where can I see my purchase?',
    answer: (
      <p>
        In <Link to={paths.settings.getHref()}>Settings</Link>: your plan, how long your access lasts, and the
        Billing and Subscription button with your receipts.
      </p>
    ),
  },
];
