import { Page } from '../../components/layouts/page';

export default function BlogRoute() {
  return <Page title="Blog" lead="Articles about learning Polish, the language and life in Poland." />;
}
