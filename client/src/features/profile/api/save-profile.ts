import type { Profile, SaveProfileInput } from '@toolworks/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function saveProfile(body: SaveProfileInput) {
  return api.post<Profile>('/addUser', body);
}

export function useSaveProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // The answer is what was stored, so reopening the page shows it without another fetch.
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.profile.mine(email), saved),
  });
}
