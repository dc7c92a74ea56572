import type { AccessTokenResponse } from '@contract/auth';
import { api } from '@/lib/api-client';

/**
 * PUT /user/{email}: trades the sign-in provider's ID token for the shop's access token. The ID
 * token goes in the Authorization header (the server checks it is this email's); a failure here
 * must not trigger the "session expired" sign-out, the caller decides.
 */
export function exchangeToken(
  email: string,
  idToken: string,
  name?: string,
): Promise<AccessTokenResponse> {
  return api.put<AccessTokenResponse>(
    `/user/${encodeURIComponent(email)}`,
    { email, ...(name ? { name } : {}) },
    { headers: { Authorization: `Bearer ${idToken}` }, signOutOn: [] },
  );
}
