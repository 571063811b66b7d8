import { HomePage } from '../../features/home/components/home-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function HomeRoute() {
  useDocumentTitle(null);
  return <HomePage />;
}
