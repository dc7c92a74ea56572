import type { User } from '@contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const usersQueryKey = ['users', 'list'] as const;

export function getUsers(signal?: AbortSignal) {
  return api.get<User[]>('/users', { signal });
}

export function useUsers() {
  return useQuery({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
}
