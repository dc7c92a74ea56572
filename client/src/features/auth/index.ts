// The accounts feature's public surface, composed by app/ (main.tsx, router.tsx).
export { AuthProvider } from './auth-provider';
export { useAuth } from './auth-context';
export { RequireAuth } from './components/require-auth';
export { useAdmin } from './api/get-admin';
export { AccountNoticeBanner } from './components/account-notice';
