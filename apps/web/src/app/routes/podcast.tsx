import { Page } from '../../components/layouts/page';

export default function PodcastRoute() {
  return (
    <Page
      title="Polski Stories Podcast"
      lead="Episodes in clear, natural Polish about everyday life and culture, with transcripts and show notes."
    />
  );
}
