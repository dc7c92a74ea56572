import type { AccessTokenResponse } from '@toolworks/contract/auth';
import { isAcceptableName } from '@toolworks/contract/name-rule';
import { api } from '@/lib/api-client';
import { showAccountNotice, verificationNotice } from '../account-notice-store';

/**
 * PUT /user/{email}: trades the sign-in provider's ID token for the shop's access token. The ID
 * token goes in the Authorization header (the server checks it is this email's); a failure here
 * must not trigger the "session expired" sign-out, the caller decides.
 */
export async function exchangeToken(
  email: string,
  idToken: string,
  name?: string,
): Promise<AccessTokenResponse> {
  const answer = await api.put<AccessTokenResponse>(
    `/user/${encodeURIComponent(email)}`,
    // A provider's display name the shop would refuse (markup, too long) is left out rather
    // than failing the sign-in; the shop then shows the email instead.
    { email, ...(name && isAcceptableName(name) ? { name } : {}) },
    { headers: { Authorization: `Bearer ${idToken}` }, signOutOn: [] },
  );
  // E.g. an ADMIN_EMAILS address that must verify its email before it gets admin rights.
  if (answer.notice) showAccountNotice(verificationNotice(answer.notice));
  return answer;
}
