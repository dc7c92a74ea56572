import { ErrorState } from '@/components/ui/error-state';
import { useProfile } from '../api/get-profile';
import { ProfileForm } from './profile-form';
import './profile.css';

interface MyProfileProps {
  email: string;
  displayName: string;
}

/** My Profile: the saved details prefill the form; before the first save, the sign-in's name. */
export function MyProfile({ email, displayName }: MyProfileProps) {
  const profile = useProfile(email);

  return (
    <section className="profile-page" aria-labelledby="my-profile-title">
      <title>My Profile · Toolworks</title>
      <header className="profile-header">
        <h1 id="my-profile-title">My Profile</h1>
        <p className="muted">Your contact and delivery details. We use them for your orders.</p>
      </header>
      {profile.isPending ? (
        <div role="status" className="card profile-form">
          <div className="card-body profile-grid" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="skeleton profile-skeleton" />
            ))}
          </div>
          <span className="visually-hidden">Loading your details…</span>
        </div>
      ) : profile.isError ? (
        <ErrorState
          title="We couldn't load your details."
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <ProfileForm email={email} displayName={displayName} saved={profile.data} />
      )}
    </section>
  );
}
