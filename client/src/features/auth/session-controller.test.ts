import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { createSessionController, type SessionController } from './session-controller';
import { mayHaveFirebaseSignIn, noteFirebaseSignIn, saveSession } from './stored-session';
import { fakeAuthService, fakeFirebaseModule } from './testing/fake-firebase';
import { fakeAccessToken, shopAuthHandlers } from './testing/render-with-auth';

const casey = { email: 'casey@example.com', password: 'Secret123!' };
const exchangePath = `/api/user/${encodeURIComponent(casey.email)}`;
const ordersPath = `/api/myOrders/${encodeURIComponent(casey.email)}`;

let controller: SessionController;
let stop: () => void;
const loadFirebase = vi.fn(() => Promise.resolve(fakeFirebaseModule));
const onPersonChange = vi.fn();

function startController() {
  controller = createSessionController({ loadFirebase, onPersonChange });
  stop = controller.start();
  return controller;
}
const keepSession = (ttlSeconds: number) =>
  saveSession(fakeAccessToken(casey.email, ttlSeconds), {
    email: casey.email,
    displayName: 'Casey Jones',
  });
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  fakeAuthService.reset();
  fakeAuthService.addAccount(casey.email, casey.password, 'Casey Jones');
  loadFirebase.mockClear();
  onPersonChange.mockClear();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the session controller', () => {
  it('when nobody ever signed in in this browser, then it is signed out at once, without Firebase', async () => {
    fakeApi({});
    startController();

    expect(controller.getSnapshot()).toEqual({ status: 'signed-out', user: null, ended: null });
    await settle();
    expect(loadFirebase).not.toHaveBeenCalled();
  });

  it('when someone signed in here before and Firebase has nobody now, then it goes from loading to signed out', async () => {
    fakeApi({});
    noteFirebaseSignIn(true);
    startController();
    expect(controller.getSnapshot().status).toBe('loading');

    await settle();

    expect(controller.getSnapshot()).toEqual({ status: 'signed-out', user: null, ended: null });
    expect(loadFirebase).toHaveBeenCalled();
    // Firebase said nobody: the next visit does not ask it again.
    expect(mayHaveFirebaseSignIn()).toBe(false);
  });

  it('when the shop cannot exchange a sign-in Firebase restored, then the next visit asks Firebase again', async () => {
    fakeAuthService.restoreSession(casey.email);
    fakeApi({ [`PUT ${exchangePath}`]: () => apiError(503, 'HTTP_ERROR', 'Down') });
    startController();
    await settle();
    expect(controller.getSnapshot().status).toBe('signed-out');
    stop();

    // The shop was down, not refusing: Firebase keeps the sign-in, and the next visit uses it.
    const api = fakeApi(shopAuthHandlers([casey]));
    startController();
    expect(controller.getSnapshot().status).toBe('loading');
    await vi.waitFor(() => expect(controller.getSnapshot().status).not.toBe('loading'));

    expect(controller.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { email: casey.email },
    });
    expect(api.requestsTo(exchangePath)).toHaveLength(1);
  });

  it('when someone signs in, then subscribers hear of it and the access token is stored', async () => {
    const api = fakeApi(shopAuthHandlers([casey]));
    startController();
    await settle();
    const listener = vi.fn();
    controller.subscribe(listener);

    await controller.signInWithEmail(casey.email, casey.password);

    expect(controller.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { email: casey.email, displayName: 'Casey Jones' },
    });
    expect(listener).toHaveBeenCalled();
    expect(api.requestsTo(exchangePath)).toHaveLength(1);
    expect(window.localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('when the shop refuses the token exchange at sign-in, then nobody stays half signed in', async () => {
    fakeApi({ [`PUT ${exchangePath}`]: () => apiError(403, 'FORBIDDEN', 'Not allowed') });
    startController();
    await settle();

    await expect(controller.signInWithEmail(casey.email, casey.password)).rejects.toThrow(
      'Not allowed',
    );

    expect(controller.getSnapshot().status).toBe('signed-out');
    expect(fakeAuthService.signedInEmail).toBeNull();
  });

  it('when a stored token has time left, then it is signed in at once without loading Firebase', () => {
    keepSession(3600);
    fakeApi({});
    startController();

    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', ended: null });
    expect(loadFirebase).not.toHaveBeenCalled();
  });

  it('when the stored token nears its expiry, then it is renewed from the live sign-in', async () => {
    keepSession(3600);
    fakeAuthService.restoreSession(casey.email);
    const api = fakeApi(shopAuthHandlers([casey]));
    startController();

    await vi.advanceTimersByTimeAsync(3600_000 - 59_000);

    expect(api.requestsTo(exchangePath)).toHaveLength(1);
    expect(controller.getSnapshot().status).toBe('signed-in');
  });

  it('when the renewal cannot reach the shop, then it tries again 30 seconds later', async () => {
    keepSession(3600);
    fakeAuthService.restoreSession(casey.email);
    let calls = 0;
    const api = fakeApi({
      [`PUT ${exchangePath}`]: () =>
        ++calls === 1
          ? apiError(503, 'HTTP_ERROR', 'Down')
          : json({ token: fakeAccessToken(casey.email) }),
    });
    startController();
    await vi.advanceTimersByTimeAsync(3600_000 - 59_000);
    expect(api.requestsTo(exchangePath)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(30_000);

    expect(api.requestsTo(exchangePath)).toHaveLength(2);
    expect(controller.getSnapshot().status).toBe('signed-in');
  });

  it('when an API call answers 401, then the session ends as expired and cached answers go', async () => {
    keepSession(3600);
    fakeApi({ [`GET ${ordersPath}`]: () => apiError(401, 'UNAUTHENTICATED', 'Token refused') });
    startController();

    await expect(api.get(ordersPath.replace('/api', ''))).rejects.toThrow('Token refused');
    await settle();

    expect(controller.getSnapshot()).toEqual({
      status: 'signed-out',
      user: null,
      ended: 'expired',
    });
    expect(onPersonChange).toHaveBeenCalled();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('when a call that signs out on 403 answers 403, then the session ends as refused', async () => {
    keepSession(3600);
    fakeApi({ [`GET ${ordersPath}`]: () => apiError(403, 'FORBIDDEN', 'Not yours') });
    startController();

    await expect(
      api.get(ordersPath.replace('/api', ''), { signOutOn: [401, 403] }),
    ).rejects.toThrow();
    await settle();

    expect(controller.getSnapshot().ended).toBe('refused');
  });

  it('when another tab signs out, then this session ends; when it signs in again, it is back', async () => {
    keepSession(3600);
    fakeApi({});
    startController();

    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    expect(controller.getSnapshot().status).toBe('signed-out');

    keepSession(3600);
    window.dispatchEvent(new StorageEvent('storage', { key: 'sessionUser' }));
    expect(controller.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { email: casey.email },
    });
  });

  it('when signing out, then the token, the Firebase session and the renewal all go', async () => {
    keepSession(3600);
    fakeAuthService.restoreSession(casey.email);
    const api = fakeApi(shopAuthHandlers([casey]));
    startController();

    await controller.signOut();
    await vi.advanceTimersByTimeAsync(3600_000);

    expect(controller.getSnapshot()).toEqual({ status: 'signed-out', user: null, ended: null });
    expect(fakeAuthService.signedInEmail).toBeNull();
    expect(api.requestsTo(exchangePath)).toHaveLength(0);
    // The next visit is a visitor's: no Firebase.
    expect(mayHaveFirebaseSignIn()).toBe(false);
  });
});
