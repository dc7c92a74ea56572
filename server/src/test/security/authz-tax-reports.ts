import type { Call, Scene } from './authz-requests.js';

/** The admin's tax reports and meters (issue 51): read-only, so every role sees the same shop. */
export const taxReportRequests: Record<string, (scene: Scene) => Promise<Call>> = {
  'GET /api/admin/tax/ec-sales-list.csv': async () => ({
    path: '/api/admin/tax/ec-sales-list.csv?quarter=2026-Q4',
  }),
  'GET /api/admin/tax/oss.csv': async () => ({ path: '/api/admin/tax/oss.csv?quarter=2026-Q4' }),
  'GET /api/admin/tax/sales-tax.csv': async () => ({
    path: '/api/admin/tax/sales-tax.csv?month=2026-11',
  }),
  'GET /api/admin/tax/nexus-meter': async () => ({ path: '/api/admin/tax/nexus-meter?year=2026' }),
  'GET /api/admin/tax/eu-distance-sales': async () => ({
    path: '/api/admin/tax/eu-distance-sales',
  }),
};
