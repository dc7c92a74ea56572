import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider, signedOutSession, type Session } from '@/lib/session';

interface AppProviderProps {
  queryClient: QueryClient;
  // The accounts feature passes the live session here; visitors get the signed-out default.
  session?: Session;
  children: ReactNode;
}

export function AppProvider({
  queryClient,
  session = signedOutSession,
  children,
}: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider value={session}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
