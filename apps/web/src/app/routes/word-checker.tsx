import { WordCheckerPage } from '../../features/word-checker';

/** /word-checker: public, so it brings visitors in (issue 6); ?q= holds the text checked. */
export default function WordCheckerRoute() {
  return <WordCheckerPage />;
}
