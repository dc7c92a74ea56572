import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { config as zodConfig } from 'zod/v4/core';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { AuthProvider } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// Zod's fast path probes `new Function()`, which our CSP (no 'unsafe-eval') refuses and the
// browser reports as a CSP issue; the plain validator is quick enough for our forms.
zodConfig({ jitless: true });

const queryClient = createQueryClient();

// The boot is split so the main thread never blocks for long: evaluating the modules is one
// task; creating the router (matching the URL, starting the page's lazy import) is the next;
// the first render is a transition, which React renders in slices, yielding to the browser.
setTimeout(() => {
  const router = createAppRouter();
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          {/* The live session (Firebase + the shop's access token) replaces the visitor default. */}
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </AppProvider>
      </StrictMode>,
    ),
  );
}, 0);
