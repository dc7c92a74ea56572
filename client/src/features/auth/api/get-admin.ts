import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import type { AdminCheckResponse } from '@toolworks/contract/auth';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export function getAdmin(email: string, signal?: AbortSignal): Promise<AdminCheckResponse> {
  return api.get<AdminCheckResponse>(`/admin/${encodeURIComponent(email)}`, { signal });
}

/**
 * The signed-in user's admin flag, asked of the server (roles live there). `admin` stays
 * undefined until the answer arrives (or if it fails), so that callers show customer-only
 * things only when it is exactly false, as the spec says. Someone promoted or demoted meanwhile
 * sees the new role on the next page or when they come back to the tab: the answer is never
 * fresh for long and is asked again on focus (the previous one shows meanwhile, no flash).
 */
export function useAdmin(): { admin: boolean | undefined; isPending: boolean } {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user?.email : undefined;
  const query = useQuery({
    queryKey: queryKeys.admin.check(email),
    queryFn: ({ signal }) => getAdmin(email as string, signal),
    enabled: Boolean(email),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  return { admin: query.data?.admin, isPending: Boolean(email) && query.isPending };
}

/**
 * For a frame that stays mounted across pages (the dashboard's sidebar): asks for the admin
 * flag again on every navigation, so the menu follows a role change without a reload.
 */
export function useAdminRefreshOnNavigation(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const first = useRef(pathname);
  useEffect(() => {
    // The first page's answer is being fetched already.
    if (pathname === first.current) return;
    first.current = pathname;
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [pathname, queryClient]);
}
