import type { User } from '@toolworks/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The prefix of both lists: a change to anyone refreshes the accounts and the removed ones. */
export const usersQueryKey = ['users', 'list'] as const;

export function getUsers(options: { removed?: boolean; signal?: AbortSignal } = {}) {
  return api.get<User[]>(options.removed ? '/users?removed=true' : '/users', {
    signal: options.signal,
  });
}

export function useUsers(options: { removed?: boolean } = {}) {
  const removed = options.removed ?? false;
  return useQuery({
    queryKey: [...usersQueryKey, removed ? 'removed' : 'active'],
    queryFn: ({ signal }) => getUsers({ removed, signal }),
  });
}
