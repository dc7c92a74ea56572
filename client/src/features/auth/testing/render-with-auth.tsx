import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { apiError, json, type FakeRequest } from '@/testing/fake-api';
import { testQueryClient } from '@/testing/render';
import { AuthProvider } from '../auth-provider';

/**
 * The whole app at `route` with the real AuthProvider, so sessions come from the (faked)
 * sign-in service and the shop's (faked) token exchange, as in the browser. `queryClient` is
 * the app's cache, for a test that fills it first as main.tsx does.
 */
export function renderWithAuth(
  route: InitialEntry = '/',
  { queryClient = testQueryClient() }: { queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </AppProvider>,
  );
  return { user, router };
}

const path = (prefix: string, email: string) => `${prefix}/${encodeURIComponent(email)}`;
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');

/** An access token shaped like the server's (only its expiry is read by the client). */
export function fakeAccessToken(email: string, ttlSeconds = 3600) {
  return `${b64({ alg: 'HS256' })}.${b64({ email, exp: Math.floor(Date.now() / 1000) + ttlSeconds })}.sig`;
}

/** The shop's side of signing in: the token exchange and the admin check for these people. */
export function shopAuthHandlers(people: Array<{ email: string; admin?: boolean }>) {
  const handlers: Record<string, (request: FakeRequest) => Response> = {};
  for (const person of people) {
    handlers[`PUT ${path('/api/user', person.email)}`] = ({ headers }) =>
      headers.get('Authorization') === `Bearer fake-id-token:${person.email}`
        ? json({ token: fakeAccessToken(person.email) })
        : apiError(403, 'FORBIDDEN', 'You can only get a token for your own email');
    handlers[`GET ${path('/api/admin', person.email)}`] = () =>
      json({ admin: Boolean(person.admin) });
  }
  return handlers;
}
