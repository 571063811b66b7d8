import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Shown when a route fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="page container" role="alert">
      <h1>Something went wrong</h1>
      <p className="lead">
        {isRouteErrorResponse(error)
          ? `The page could not be shown (${error.status}).`
          : 'The page could not be shown. Please reload it or try again later.'}
      </p>
      <p>
        <button type="button" className="btn-link" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        or <Link to={paths.home.getHref()}>go to the home page</Link>.
      </p>
    </section>
  );
}
