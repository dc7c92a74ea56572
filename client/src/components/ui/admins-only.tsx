import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** For a signed-in customer who reaches an admin screen by its address. */
export function AdminsOnly({ title }: { title: string }) {
  return (
    <section className="stack" aria-labelledby="admins-only-title">
      <title>{`${title} · Toolworks`}</title>
      <h1 id="admins-only-title">{title}</h1>
      <div className="alert alert-info">
        <p className="alert-title">This page is for the shop&apos;s admins.</p>
        <p>
          Your account can&apos;t manage the shop.{' '}
          <Link to={paths.dashboard.root}>Back to your dashboard</Link>
        </p>
      </div>
    </section>
  );
}
