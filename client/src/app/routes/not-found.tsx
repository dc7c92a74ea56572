import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <section className="container section not-found" aria-labelledby="not-found-title">
      <title>Page not found · Toolworks</title>
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Oops! Page not found</h1>
      <p className="lead">The page you were looking for has moved or never existed.</p>
      <Link className="btn btn-primary" to={paths.home}>
        Go home
      </Link>
    </section>
  );
}
