import { Page } from '../../components/layouts/page';

export default function WordCheckerRoute() {
  return <Page title="Word Checker" lead="Look up a Polish word: its meaning, its dictionary form and its spelling." />;
}
