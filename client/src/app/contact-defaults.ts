import type { Profile } from '@toolworks/contract/profiles';
import { useMemo } from 'react';
import { useProfile } from '@/features/profile/api/get-profile';

export interface ContactDefaults {
  userName: string;
  userPhone: string;
  userAddress: string;
}

/** My Profile's details as a form's starting values: the default delivery address first. */
function toContactDefaults(profile: Profile | null | undefined, displayName: string) {
  const postal = [profile?.street_address, profile?.city, profile?.state, profile?.country]
    .filter(Boolean)
    .join(', ');
  return {
    userName: profile?.name || displayName,
    userPhone: profile?.phone ?? '',
    userAddress: profile?.delivery_address || postal,
  };
}

/**
 * The signed-in buyer's saved details for the quote form (as checkout has them). One object per
 * profile answer, so a form that fills its empty fields from it does so once, not every render.
 */
export function useContactDefaults(email: string, displayName: string): ContactDefaults {
  const profile = useProfile(email);
  return useMemo(() => toContactDefaults(profile.data, displayName), [profile.data, displayName]);
}
