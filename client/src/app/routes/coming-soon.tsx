import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

// Stand-ins that keep the route table complete while the accounts and ordering features are
// being built; each says what the screen will hold so a visitor is not left guessing.
function ComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <section className="container section stack" aria-labelledby="coming-soon-title">
      <title>{`${title} · Toolworks`}</title>
      <p className="eyebrow">Coming soon</p>
      <h1 id="coming-soon-title">{title}</h1>
      <p className="lead">{text}</p>
      <p>
        <Link className="btn btn-secondary" to={paths.home}>
          Back to the shop
        </Link>
      </p>
    </section>
  );
}

export function comingSoon(title: string, text: string) {
  return {
    Component: function ComingSoonRoute() {
      return <ComingSoon title={title} text={text} />;
    },
  };
}
