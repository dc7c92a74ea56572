import { Link } from 'react-router-dom';

interface NotFoundStateProps {
  /** The page's heading, e.g. "Update a tool". */
  title: string;
  /** What could not be found, e.g. "We couldn't find this tool." */
  message: string;
  detail?: string;
  back: { to: string; label: string };
}

/**
 * A dashboard page whose address names nothing (a malformed or unknown id): says so plainly and
 * offers the way back, never the validator's "id: Malformed id" nor a retry that cannot work.
 */
export function NotFoundState({ title, message, detail, back }: NotFoundStateProps) {
  return (
    <section className="stack" aria-labelledby="not-found-title">
      <title>{`${title} · Toolworks`}</title>
      <h1 id="not-found-title">{title}</h1>
      <div className="alert alert-info">
        <p className="alert-title">{message}</p>
        {detail ? <p>{detail}</p> : null}
        <Link className="btn btn-secondary btn-sm" to={back.to}>
          {back.label}
        </Link>
      </div>
    </section>
  );
}

/** The shape of every id in the shop (24 hex characters): anything else can name nothing. */
export const isWellFormedId = (id: string) => /^[0-9a-f]{24}$/i.test(id);
