import type { StatsOverview } from '@toolworks/contract/stats';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;

function days(count: number): StatsOverview['daily'] {
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10),
    orders: 0,
    revenue: 0,
  }));
}

function overview(): StatsOverview {
  const daily = days(30);
  daily[27] = { ...(daily[27] as StatsOverview['daily'][number]), orders: 3, revenue: 245 };
  daily[29] = { ...(daily[29] as StatsOverview['daily'][number]), orders: 1, revenue: 0 };
  return {
    totals: {
      orders: 42,
      unpaid: 5,
      paid: 7,
      confirmed: 2,
      shipped: 30,
      delivered: 4,
      revenue: 12345.5,
      customers: 18,
      tools: 24,
    },
    overdueInvoices: { count: 2, amount: 1530.25 },
    daily,
    bestSellers: [
      { toolId: 'a'.repeat(24), name: 'Hex Key Set', quantity: 1300, revenue: 6500 },
      { toolId: 'b'.repeat(24), name: 'Torque Wrench', quantity: 20, revenue: 1600 },
    ],
    lowStock: [
      { _id: 'c'.repeat(24), name: 'Pipe Cutter', availableQuantity: 3, MinimumOrderQuantity: 4 },
    ],
  };
}

function setup(admin: boolean) {
  const api = fakeApi({
    [adminCheck]: () => json({ admin }),
    'GET /api/stats/overview': () => json(overview()),
  });
  return { api, ...renderApp({ route: '/dashboard', session: signedInSession() }) };
}

describe('Overview', () => {
  it('when an admin opens the dashboard, then the figures show as cards', async () => {
    setup(true);

    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(await screen.findByText('Orders', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Orders')).toHaveTextContent('42');
    expect(figure('Revenue')).toHaveTextContent('$12,345.50');
    expect(figure('Customers')).toHaveTextContent('18');
    // Paid by card and confirmed on terms: both wait to ship.
    expect(figure('To ship')).toHaveTextContent('9');
    // The same counts as Manage Orders' tabs, each a link to its tab.
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute(
      'href',
      '/dashboard/manage-orders',
    );
    for (const [name, status] of [
      ['5 unpaid', 'unpaid'],
      ['30 shipped', 'shipped'],
      ['4 delivered', 'delivered'],
    ])
      expect(screen.getByRole('link', { name })).toHaveAttribute(
        'href',
        `/dashboard/manage-orders?status=${status}`,
      );
    expect(screen.getByRole('link', { name: '7 paid' })).toHaveAttribute(
      'href',
      '/dashboard/manage-orders?status=paid',
    );
    expect(screen.getByRole('link', { name: '2 on terms' })).toHaveAttribute(
      'href',
      '/dashboard/manage-orders?status=confirmed',
    );
    expect(figure('Overdue invoices')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: '$1,530.25 owed past due' })).toHaveAttribute(
      'href',
      '/dashboard/invoices?state=overdue',
    );
  });

  it('when the daily figures show, then a summary and a table carry them for those who cannot see the chart', async () => {
    setup(true);

    const chart = await screen.findByRole('figure', { name: 'Revenue and orders per day' });
    expect(
      within(chart).getByText(
        '4 orders and $245.00 paid in the last 30 days; the busiest day was November 20, 2026 with 3 orders.',
      ),
    ).toBeInTheDocument();
    const table = within(chart).getByRole('table', { name: /Orders and paid revenue per day/ });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    // The lazily loaded chart itself is drawn, but hidden from assistive technology.
    await waitFor(() =>
      expect(chart.querySelector('.revenue-chart .recharts-wrapper')).not.toBeNull(),
    );
    expect(chart.querySelector('.revenue-chart')).toHaveAttribute('aria-hidden', 'true');
    const busiest = within(table)
      .getByRole('rowheader', { name: 'Nov 20' })
      .closest('tr') as HTMLElement;
    expect(
      within(busiest)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '$245.00']);
  });

  it('when best sellers and low stock are known, then both lists show, low stock linking to its edit form', async () => {
    setup(true);

    const best = await screen.findByRole('region', { name: 'Best sellers' });
    expect(
      within(best)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Hex Key Set1,300 units · $6,500.00', '2Torque Wrench20 units · $1,600.00']);
    const low = screen.getByRole('region', { name: 'Low on stock' });
    expect(within(low).getByRole('link', { name: 'Pipe Cutter' })).toHaveAttribute(
      'href',
      `/dashboard/manageTools/${'c'.repeat(24)}/edit`,
    );
    expect(within(low).getByText('3 left · minimum 4')).toBeInTheDocument();
  });

  it('when a customer opens the dashboard, then the welcome shows and no figures are asked for', async () => {
    const { api } = setup(false);

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Casey Jones' }),
    ).toBeInTheDocument();
    expect(api.requestsTo('/api/stats/overview')).toHaveLength(0);
  });
});
