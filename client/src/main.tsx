import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { AuthProvider } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      {/* The live session (Firebase + the shop's access token) replaces the visitor default. */}
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </AppProvider>
  </StrictMode>,
);
