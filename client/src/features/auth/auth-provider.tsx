import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SessionProvider, type Session } from '@/lib/session';
import { AuthContext, type AuthActions } from './auth-context';
import { createSessionController } from './session-controller';

/**
 * Hands the session controller (session-controller.ts) to React: its state through
 * useSyncExternalStore, its actions through context. All session logic lives in the controller.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Cached answers (orders, the admin flag) belong to the person who just left.
  const [controller] = useState(() =>
    createSessionController({ onPersonChange: () => queryClient.clear() }),
  );
  useEffect(() => controller.start(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot);

  const actions = useMemo<AuthActions>(
    () => ({
      signInWithEmail: controller.signInWithEmail,
      signUp: controller.signUp,
      signInWithGoogle: controller.signInWithGoogle,
      sendPasswordReset: controller.sendPasswordReset,
      signOut: controller.signOut,
      sessionEnded: state.ended,
    }),
    [controller, state.ended],
  );
  const session = useMemo<Session>(
    () => ({ status: state.status, user: state.user, signOut: controller.signOut }),
    [state.status, state.user, controller],
  );

  return (
    <AuthContext value={actions}>
      <SessionProvider value={session}>{children}</SessionProvider>
    </AuthContext>
  );
}
