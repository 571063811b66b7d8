import { TERMS } from '../content/terms';
import { LegalDocument } from './legal-document';

export function TermsPage() {
  return (
    <LegalDocument
      title={TERMS.title}
      dateLabel="lastUpdated"
      date={TERMS.lastUpdated}
      intro={TERMS.intro}
      sections={TERMS.sections}
    />
  );
}
