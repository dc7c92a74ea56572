import { useSyncExternalStore } from 'react';
import { env } from '@/config/env';

/**
 * A sentence about the account to show after sign-up or sign-in (verify your email...). Kept
 * outside React state because it is set by calls that finish as the page changes (sign-up goes
 * home) and read by the banner in the app shell.
 */
export interface AccountNotice {
  text: string;
  /** In emulator mode no email is sent: where the emulator lists the links it "sent". */
  emulatorLinks?: string;
}

let current: AccountNotice | null = null;
const listeners = new Set<() => void>();

export function showAccountNotice(notice: AccountNotice | null): void {
  current = notice;
  listeners.forEach((listener) => listener());
}

export function currentAccountNotice(): AccountNotice | null {
  return current;
}

export function useAccountNotice(): AccountNotice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/** The Auth emulator's list of the verification (and reset) links it would have emailed. */
export const emulatorOobCodesUrl = `${env.firebase.emulatorUrl}/emulator/v1/projects/${env.firebase.projectId}/oobCodes`;

/** A notice that a verification link is on its way, with the emulator's list locally. */
export function verificationNotice(text: string): AccountNotice {
  return env.firebase.emulator ? { text, emulatorLinks: emulatorOobCodesUrl } : { text };
}
