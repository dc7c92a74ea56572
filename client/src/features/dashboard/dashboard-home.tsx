import { useSession } from '@/lib/session';

/** /dashboard itself: a greeting and where to go next (the menu holds the screens). */
export function DashboardHome({ profileName }: { profileName?: string }) {
  const { user } = useSession();
  // The name saved in My Profile wins over the sign-in's, so saving it shows here at once.
  const name = profileName || user?.displayName || user?.email;
  return (
    <section className="stack" aria-labelledby="dashboard-title">
      <title>Dashboard · Toolworks</title>
      <p className="eyebrow">Dashboard</p>
      <h1 id="dashboard-title">{name ? `Welcome, ${name}` : 'Welcome'}</h1>
      <p className="lead">
        Pick a section from the menu: your orders, your profile and reviews, or the shop&apos;s
        administration if you are an admin.
      </p>
    </section>
  );
}
