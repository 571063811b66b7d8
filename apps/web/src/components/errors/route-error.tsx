import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Shown when a route fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  useDocumentTitle(t('shell.error.title'));
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="page container" role="alert">
      <h1>{t('shell.error.title')}</h1>
      <p className="lead">
        {isRouteErrorResponse(error)
          ? t('shell.error.status', { status: error.status })
          : t('shell.error.generic')}
      </p>
      <p>
        <button type="button" className="btn-link" onClick={() => window.location.reload()}>
          {t('shell.error.reload')}
        </button>{' '}
        · <Link to={paths.home.getHref()}>{t('shell.error.home')}</Link>
      </p>
    </section>
  );
}
