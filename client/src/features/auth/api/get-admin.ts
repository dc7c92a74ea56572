import { useQuery } from '@tanstack/react-query';
import type { AdminCheckResponse } from '@contract/auth';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export function getAdmin(email: string, signal?: AbortSignal): Promise<AdminCheckResponse> {
  return api.get<AdminCheckResponse>(`/admin/${encodeURIComponent(email)}`, { signal });
}

export const adminQueryKey = (email: string | undefined) => ['admin', email] as const;

/**
 * The signed-in user's admin flag, asked of the server (roles live there). `admin` stays
 * undefined until the answer arrives (or if it fails), so that callers show customer-only
 * things only when it is exactly false, as the spec says.
 */
export function useAdmin(): { admin: boolean | undefined; isPending: boolean } {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user?.email : undefined;
  const query = useQuery({
    queryKey: adminQueryKey(email),
    queryFn: ({ signal }) => getAdmin(email as string, signal),
    enabled: Boolean(email),
  });
  return { admin: query.data?.admin, isPending: Boolean(email) && query.isPending };
}
