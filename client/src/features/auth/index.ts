// The accounts feature's public surface, composed by app/ (main.tsx, router.tsx).
export { AuthProvider } from './auth-provider';
export { RequireAuth } from './components/require-auth';
export { useAdmin, useAdminRefreshOnNavigation } from './api/get-admin';
export { AccountNoticeBanner } from './components/account-notice';
