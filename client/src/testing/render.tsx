import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { signedOutSession, type Session } from '@/lib/session';

interface RenderOptions {
  route?: string;
  session?: Session;
}

// Production defaults (one retry on 5xx) but without the back-off delay.
export function testQueryClient() {
  return createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderRouter(router: ReturnType<typeof createMemoryRouter>, session: Session) {
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={testQueryClient()} session={session}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router, ...result };
}

/** The whole app (shell, lazy routes, error boundaries) at `route`. */
export function renderApp({ route = '/', session = signedOutSession }: RenderOptions = {}) {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [route] }), session);
}

/** One feature with the app's providers, a memory router and a probe of the current URL. */
export function renderFeature(
  ui: ReactNode,
  { route = '/', session = signedOutSession }: RenderOptions = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  return renderRouter(router, session);
}

export function signedInSession(overrides: Partial<Session> = {}): Session {
  return {
    status: 'signed-in',
    user: { email: 'casey@example.com', displayName: 'Casey Jones' },
    signOut: () => undefined,
    ...overrides,
  };
}
