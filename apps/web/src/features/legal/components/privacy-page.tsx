import { PRIVACY } from '../content/privacy';
import { LegalDocument } from './legal-document';

export function PrivacyPage() {
  return (
    <LegalDocument
      title={PRIVACY.title}
      dateLabel="effective"
      date={PRIVACY.effective}
      intro={PRIVACY.intro}
      sections={PRIVACY.sections}
    />
  );
}
