import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { prefetchPageData } from '@/app/prefetch-page-data';
import { createAppRouter } from '@/app/router';
import { AuthProvider } from '@/features/auth';
import { carryFocusOver } from '@/lib/carry-focus-over';
import { createQueryClient } from '@/lib/query-client';
import { zodWithoutEval } from '@/lib/zod-without-eval';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
// A keyboard user may tab through index.html's first screen before React draws over it.
carryFocusOver(root);

zodWithoutEval();

const queryClient = createQueryClient();
// A returning buyer's cart and checkout start their API reads now, not after the first render.
void prefetchPageData(queryClient, window.location.pathname);

// The boot is split so the main thread never blocks for long: evaluating the modules is one
// task; creating the router (matching the URL, starting the page's lazy import) is the next;
// the first render is a transition, which React renders in slices, yielding to the browser.
// React takes over #root only once the page's lazy module is in: until then index.html's own
// first screen stays (its loader, or the page drawn at build time, see vite.config.ts), rather
// than being swapped for the router's loader for a moment.
setTimeout(() => {
  const router = createAppRouter();
  const render = () =>
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
  if (router.state.initialized) render();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render();
    });
  }
}, 0);
