import { Page } from '../../components/layouts/page';

export default function PremiumMemberRoute() {
  return (
    <Page
      title="Get Premium Access"
      lead="Unlock every premium lesson, native audio for every lesson and the multilingual translator."
    />
  );
}
