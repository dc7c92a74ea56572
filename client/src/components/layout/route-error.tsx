import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

// A failed lazy import usually means a new release replaced the old chunks: reloading fixes it.
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      error.message,
    )
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.status === 404
      ? 'We could not find what you were looking for.'
      : `The page answered with an error (${error.status}).`;
  }
  if (isChunkLoadError(error)) return 'The shop was updated while you were browsing.';
  return 'An unexpected problem stopped this page from showing.';
}

export function RouteError() {
  const error = useRouteError();
  return (
    <section
      className="container section stack route-error"
      role="alert"
      aria-labelledby="route-error-title"
    >
      <h1 id="route-error-title">Something went wrong</h1>
      <p className="lead">
        {describe(error)} Please try again; if it keeps happening, come back a little later.
      </p>
      <div className="cluster">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link className="btn btn-secondary" to={paths.home} reloadDocument>
          Go home
        </Link>
      </div>
    </section>
  );
}
