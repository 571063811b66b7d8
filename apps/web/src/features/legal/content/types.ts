/** Plain-data types for the legal and credits pages. No React here: the page components render these. */

/** One numbered section of a legal text. `id` is the anchor used for in-page links (`section1`, `section2`, …). */
export interface TLegalSection {
  id: string;
  title: string;
  paragraphs: string[];
}

/** Terms and Conditions. */
export interface TTermsDocument {
  title: string;
  /** Human-readable date, e.g. 'August 23, 2025'. */
  lastUpdated: string;
  intro: string[];
  sections: TLegalSection[];
}

/** Privacy Policy. */
export interface TPrivacyDocument {
  title: string;
  /** Human-readable date from which the policy applies, e.g. 'December 29, 2023'. */
  effective: string;
  intro: string[];
  sections: TLegalSection[];
}

/** One credited work, data set or resource. */
export interface TCreditEntry {
  title: string;
  author: string;
  licence: string;
  url?: string;
  note?: string;
}

/** Credits and attributions page. */
export interface TCreditsDocument {
  title: string;
  intro: string[];
  entries: TCreditEntry[];
  closing: string[];
}
