import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;

describe('the admin Tax page at /dashboard/tax', () => {
  it('when an admin opens it, then the settings, the meters and the reports show under the Tax heading, Tax current in the navigation', async () => {
    fakeApi({
      [adminCheck]: () => json({ admin: true }),
      'GET /api/admin/tax/rates': () => json({ checkedOn: '2026-11-28', countries: [] }),
      'GET /api/admin/tax/nexus': () => json({ states: [] }),
      'GET /api/admin/tax/certificates/expiring': () => json({ certificates: [] }),
      'GET /api/admin/tax/nexus-meter': () =>
        json({ year: 2026, revenueThreshold: 100_000, ordersThreshold: 200, states: [] }),
      'GET /api/admin/tax/eu-distance-sales': () =>
        json({
          year: 2026,
          currency: 'EUR',
          thisYear: 0,
          lastYear: 0,
          threshold: 10_000,
          percent: 0,
          overLastYear: false,
          overThisYear: false,
          over: false,
        }),
    });
    renderApp({ route: paths.dashboard.tax, session: signedInSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tax' })).toBeInTheDocument();
    for (const name of [
      'Certificates expiring soon',
      'EU VAT rates',
      'US sales tax nexus',
      'Nexus meter',
      'EU distance sales',
      'Tax reports',
    ])
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tax' })).toHaveAttribute('aria-current', 'page');
  });
});
