import type { User } from '@toolworks/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The prefix of both lists: a change to anyone refreshes the accounts and the removed ones. */
interface UsersOptions {
  removed?: boolean;
  /** Part of an email or name; blank lists everyone. */
  search?: string;
}

export function getUsers({
  removed,
  search,
  signal,
}: UsersOptions & { signal?: AbortSignal } = {}) {
  return api.get<User[]>('/users', {
    query: { removed: removed ? 'true' : undefined, search },
    signal,
  });
}

export function useUsers(options: UsersOptions = {}) {
  const removed = options.removed ?? false;
  const search = options.search?.trim() ?? '';
  return useQuery({
    queryKey: queryKeys.users.list(removed, search),
    queryFn: ({ signal }) => getUsers({ removed, search, signal }),
  });
}
