import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { serverCartQuery } from '@/features/cart/api/get-cart';
import { resumableSession } from '@/features/auth/stored-session';

/**
 * Starts the reads a signed-in buyer's cart or checkout page begins with while the app is still
 * booting (render-as-you-fetch): the cart, the saved details that fill the forms, and at checkout
 * the buyer's company (its delivery addresses and terms). Without it they start only once React
 * has drawn the page; with it the answers are on their way while the router and React start,
 * and the page's own queries (same keys, same functions) take them from the cache.
 *
 * Only for the session the app is about to resume (a stored token that is the stored person's
 * and not near its expiry): anything else waits for the page, as before. A failed read is left
 * to the page's query, which tries again as it mounts. Resolves when every read has settled.
 */
export async function prefetchPageData(
  queryClient: QueryClient,
  pathname: string,
  session = resumableSession(),
): Promise<void> {
  if (!session || (pathname !== paths.cart && pathname !== paths.checkout)) return;
  const { email } = session.user;
  const reads = [
    queryClient.prefetchQuery(serverCartQuery(email)),
    // Both pages' own chunks hold these two; importing them here keeps them off other pages.
    import('@/features/profile/api/get-profile').then(({ profileQuery }) =>
      queryClient.prefetchQuery(profileQuery(email)),
    ),
  ];
  if (pathname === paths.checkout)
    reads.push(
      import('@/features/companies/api/my-company').then(({ myCompanyQuery }) =>
        queryClient.prefetchQuery(myCompanyQuery),
      ),
    );
  await Promise.all(reads);
}
