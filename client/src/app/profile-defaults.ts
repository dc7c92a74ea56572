import type { Profile } from '@toolworks/contract/profiles';

export interface ContactDefaults {
  userName: string;
  userPhone: string;
  userAddress: string;
}

/**
 * My Profile's details as an order form's starting values (checkout, Buy Now): the saved name
 * over the sign-in name, the default delivery address first, else the postal address.
 */
export function profileDefaults(
  profile: Profile | null | undefined,
  displayName: string,
): ContactDefaults {
  const postal = [profile?.street_address, profile?.city, profile?.state, profile?.country]
    .filter(Boolean)
    .join(', ');
  return {
    userName: profile?.name || displayName,
    userPhone: profile?.phone ?? '',
    userAddress: profile?.delivery_address || postal,
  };
}
