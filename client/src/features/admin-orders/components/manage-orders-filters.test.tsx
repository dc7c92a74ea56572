import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/access-token';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder, nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

afterEach(() => vi.unstubAllGlobals());

const order = (name: string): AdminOrder => ({
  ...buildOrder({ _id: nextId(), userName: name, createdAt: '2026-03-02T10:00:00.000Z' }),
  shipped: false,
});

function setup(route = '/dashboard/manage-orders', orders = [order('Ann Buyer')]) {
  const api = fakeApi({
    'GET /api/orders': () => json(orders, { headers: { 'X-Total-Count': String(orders.length) } }),
  });
  const view = renderFeature(<ManageOrders />, { route, session: signedInSession() });
  const lastQuery = () =>
    Object.fromEntries(api.requestsTo('/api/orders').at(-1)?.url.searchParams ?? []);
  return { api, lastQuery, ...view };
}

describe('Manage Orders: search, days and export', () => {
  it('when the URL holds a search, days and a status, then the form shows them and the API gets them', async () => {
    const { lastQuery } = setup(
      '/dashboard/manage-orders?status=paid&search=drill&from=2026-03-01&to=2026-03-31&page=2',
    );
    await screen.findByText('Ann Buyer');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('drill');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-31');
    expect(screen.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-selected', 'true');
    expect(lastQuery()).toEqual({
      status: 'paid',
      search: 'drill',
      from: '2026-03-01',
      to: '2026-03-31',
      page: '2',
      limit: '20',
    });
  });

  it('when a search and days are applied, then the URL keeps them with the status, from page 1, and Back restores the form', async () => {
    const { user, router, lastQuery } = setup('/dashboard/manage-orders?status=unpaid&page=3');
    await screen.findByText('Ann Buyer');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '  TW-1001 ');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByTestId('location')).toHaveTextContent(
      '/dashboard/manage-orders?status=unpaid&search=TW-1001&from=2026-03-01',
    );
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'TW-1001', page: '1' }));

    await act(() => router.navigate(-1));
    expect(screen.getByTestId('location')).toHaveTextContent('?status=unpaid&page=3');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('when From is after To, then it says so and asks nothing', async () => {
    const { user, api } = setup();
    await screen.findByText('Ann Buyer');
    const before = api.requestsTo('/api/orders').length;
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('The "From" day must not be after the "To" day.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/orders')).toHaveLength(before);
  });

  it('when nothing matches, then it says so and Clear filters empties the URL', async () => {
    const { user } = setup('/dashboard/manage-orders?search=nothing', []);
    expect(await screen.findByText('No orders match this search and these days.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/manage-orders$/);
  });

  it('when the server refuses the filter, then its reason shows without a Try again', async () => {
    fakeApi({
      'GET /api/orders': () => apiError(400, 'VALIDATION_ERROR', 'from must be a real date'),
    });
    renderFeature(<ManageOrders />, {
      route: '/dashboard/manage-orders?from=2026-02-30',
      session: signedInSession(),
    });
    expect(await screen.findByText('from must be a real date')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when Export CSV is clicked, then the filtered CSV is fetched with the token and saved under its name', async () => {
    setAccessToken('token-9');
    const { user, api } = setup('/dashboard/manage-orders?status=paid&search=drill&page=2');
    await screen.findByText('Ann Buyer');
    const exports = fakeApi({
      'GET /api/orders/export.csv': () =>
        new Response('\uFEFFOrder\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="orders-paid-2026-03-02.csv"',
          },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const sent = exports.requestsTo('/api/orders/export.csv')[0];
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      status: 'paid',
      search: 'drill',
    });
    expect(sent?.headers.get('Authorization')).toBe('Bearer token-9');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'orders-paid-2026-03-02.csv',
    );
    expect(api.requests.length).toBeGreaterThan(0);
    click.mockRestore();
  });
});
