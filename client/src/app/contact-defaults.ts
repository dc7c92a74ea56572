import type { Profile } from '@toolworks/contract/profiles';
import { useMemo } from 'react';
import { useProfile } from '@/features/profile/api/get-profile';
import { countryCodeOf } from '@/lib/tax';

export interface ContactDefaults {
  userName: string;
  userPhone: string;
  userAddress: string;
}

/**
 * My Profile's details as a form's starting values (checkout, Buy Now, the quote form): the saved
 * name over the sign-in name, the default delivery address first, else the postal address.
 */
export function profileDefaults(
  profile: Profile | null | undefined,
  displayName: string,
): ContactDefaults {
  const region = [profile?.state, profile?.postal_code].filter(Boolean).join(' ');
  const postal = [profile?.street_address, profile?.city, region, profile?.country]
    .filter(Boolean)
    .join(', ');
  return {
    userName: profile?.name || displayName,
    userPhone: profile?.phone ?? '',
    userAddress: profile?.delivery_address || postal,
  };
}

/**
 * The signed-in buyer's saved details and whether they are still loading. One defaults object
 * per profile answer, so a form that fills its empty fields from it does so once, not every
 * render.
 */
export function useContactDefaults(email: string, displayName: string) {
  const profile = useProfile(email);
  const defaults = useMemo(
    () => profileDefaults(profile.data, displayName),
    [profile.data, displayName],
  );
  // An unreadable profile means typing the details: only a fetch under way is "loading".
  return {
    defaults,
    loading: profile.isPending && profile.fetchStatus !== 'idle',
    /** The saved country as the Ship-to select's code ('' when it names none we know). */
    country: countryCodeOf(profile.data?.country),
  };
}
