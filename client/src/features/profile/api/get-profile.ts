import type { Profile } from '@toolworks/contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The saved details, or null when the user has not saved any yet (the server's 200 `null`; a 404
 * from an older server means the same).
 */
export async function getProfile(email: string, signal?: AbortSignal): Promise<Profile | null> {
  try {
    return await api.get<Profile | null>(`/userDetails/${encodeURIComponent(email)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: queryKeys.profile.mine(email),
    queryFn: ({ signal }) => getProfile(email, signal),
  });

export function useProfile(email: string) {
  return useQuery({ ...profileQuery(email), enabled: email !== '' });
}
