import type { TMessageKey } from '../../lib/i18n/i18n';

/** A learner's review on the home page: the name, the country (an ISO region code, named with Intl) and the text. */
export interface TReview {
  name: string;
  country: string;
  text: TMessageKey;
}

/** HOME_FACTS.reviews of them; the texts are in the catalogues (home.review.*), each in the interface's language. */
export const REVIEWS: readonly TReview[] = [
  { name: 'Emma', country: 'IE', text: 'home.review.emma' },
  { name: 'Lucas', country: 'BR', text: 'home.review.lucas' },
  { name: 'Aiko', country: 'JP', text: 'home.review.aiko' },
  { name: 'Daniel', country: 'CA', text: 'home.review.daniel' },
  { name: 'Sofia', country: 'IT', text: 'home.review.sofia' },
  { name: 'Mehmet', country: 'TR', text: 'home.review.mehmet' },
];
