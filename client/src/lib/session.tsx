import { createContext, useContext, type ReactNode } from 'react';

// The shell needs to know only whether someone is signed in and how to sign out. The accounts
// feature owns the real session (Firebase + access token) and feeds it in through
// <SessionProvider> in app/provider.tsx; until then everyone is a visitor.
export interface SessionUser {
  email: string;
  displayName: string | null;
}

export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
  signOut: () => void | Promise<void>;
}

export const signedOutSession: Session = {
  status: 'signed-out',
  user: null,
  signOut: () => undefined,
};

const SessionContext = createContext<Session>(signedOutSession);

export function SessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
