// The Firebase SDK is loaded on demand (see lib/firebase.ts); one shared promise, so the
// provider and the forms never load or initialise it twice.
import type * as FirebaseModule from '@/lib/firebase';

let loading: Promise<typeof FirebaseModule> | undefined;

export function loadFirebase(): Promise<typeof FirebaseModule> {
  loading ??= import('@/lib/firebase');
  return loading;
}
