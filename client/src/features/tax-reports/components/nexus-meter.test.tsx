import type { NexusMeter as NexusMeterWire } from '@toolworks/contract/tax-reports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { NexusMeter } from '../index';

const state = (
  code: string,
  revenue: number,
  orders: number,
): NexusMeterWire['states'][number] => ({
  state: code,
  revenue,
  orders,
  crossedRevenue: revenue >= 100_000,
  crossedOrders: orders >= 200,
  crossed: revenue >= 100_000 || orders >= 200,
  revenuePercent: Math.floor(revenue / 1000),
  ordersPercent: Math.floor(orders / 2),
});

const meter = (states: NexusMeterWire['states']): NexusMeterWire => ({
  year: 2026,
  revenueThreshold: 100_000,
  ordersThreshold: 200,
  states,
});

describe('NexusMeter', () => {
  it('when states were sold to, then a captioned table per state, with "Threshold crossed" in words where one is', async () => {
    fakeApi({
      'GET /api/admin/tax/nexus-meter': () =>
        json(meter([state('CA', 125_000.5, 80), state('TX', 4_000, 210), state('OH', 950, 3)])),
    });
    renderFeature(<NexusMeter />, { session: signedInSession() });

    const table = await screen.findByRole('table', {
      name: 'Sales per US state in 2026 against $100,000.00 and 200 orders',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'CA',
      'TX',
      'OH',
    ]);
    expect(rows[0]).toHaveTextContent('$125,000.50 (125%)');
    expect(within(rows[0]!).getByText('Threshold crossed')).toBeVisible();
    expect(rows[1]).toHaveTextContent('210 (105%)');
    expect(within(rows[1]!).getByText('Threshold crossed')).toBeVisible();
    expect(within(rows[2]!).queryByText('Threshold crossed')).toBeNull();
    expect(within(rows[2]!).getByText('Below')).toBeVisible();
    expect(screen.getByText(/States differ: some count revenue only/)).toBeVisible();
  });

  it('when a year is given, then that year is asked for; with no sales, a note says so', async () => {
    const api = fakeApi({
      'GET /api/admin/tax/nexus-meter': () => json({ ...meter([]), year: 2025 }),
    });
    renderFeature(<NexusMeter year={2025} />, { session: signedInSession() });
    expect(await screen.findByText('No sales to US states in 2025.')).toBeVisible();
    expect(api.requestsTo('/api/admin/tax/nexus-meter')[0]?.url.searchParams.get('year')).toBe(
      '2025',
    );
  });

  it('when it is loading, then a status says so; when it fails, then an error with Try again', async () => {
    const held = deferred<Response>();
    fakeApi({ 'GET /api/admin/tax/nexus-meter': () => held.promise });
    renderFeature(<NexusMeter />, { session: signedInSession() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the nexus meter…');
    held.resolve(apiError(503, 'INTERNAL', 'Service unavailable'));
    expect(await screen.findByText("We couldn't load the nexus meter.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
