import type { EuDistanceSales } from '@toolworks/contract/tax-reports';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { EuDistanceSalesMeter } from '../index';

const sales = (more: Partial<EuDistanceSales>): EuDistanceSales => ({
  year: 2026,
  currency: 'EUR',
  thisYear: 3_250,
  lastYear: 0,
  threshold: 10_000,
  percent: 32,
  overLastYear: false,
  overThisYear: false,
  over: false,
  ...more,
});

const show = async (answer: EuDistanceSales) => {
  fakeApi({ 'GET /api/admin/tax/eu-distance-sales': () => json(answer) });
  renderFeature(<EuDistanceSalesMeter />, { session: signedInSession() });
  return screen.findByRole('heading', { name: 'EU distance sales' });
};

describe('EuDistanceSalesMeter', () => {
  it("when the year is below EUR 10,000, then the figures and that the shop's own rate applies", async () => {
    await show(sales({}));
    expect(await screen.findByText(/EUR 3,250.00 of EUR 10,000.00 in 2026/)).toBeVisible();
    expect(screen.getByText('2025: EUR 0.00')).toBeVisible();
    expect(
      screen.getByText(
        "Sales in 2026 are at or below EUR 10,000.00: sales to consumers in other EU countries are taxed at your own country's VAT rate.",
      ),
    ).toBeVisible();
    expect(screen.queryByText('Threshold crossed')).toBeNull();
  });

  it("when this year passed it, then the destination's rate from the crossing sale on, marked in words", async () => {
    await show(sales({ thisYear: 10_600, percent: 106, overThisYear: true, over: true }));
    expect(await screen.findByText('Threshold crossed')).toBeVisible();
    expect(
      screen.getByText(/Sales in 2026 passed EUR 10,000.00: from the sale that crossed it/),
    ).toBeVisible();
  });

  it("when last year ended above it, then the destination's rate all this year", async () => {
    await show(
      sales({ thisYear: 10, lastYear: 12_000, percent: 0, overLastYear: true, over: true }),
    );
    expect(
      await screen.findByText(
        "Sales in 2025 were above EUR 10,000.00: every sale to a consumer in another EU country in 2026 is taxed at that country's VAT rate (OSS).",
      ),
    ).toBeVisible();
  });

  it('when it cannot load, then an error', async () => {
    fakeApi({
      'GET /api/admin/tax/eu-distance-sales': () =>
        apiError(503, 'INTERNAL', 'Service unavailable'),
    });
    renderFeature(<EuDistanceSalesMeter />, { session: signedInSession() });
    expect(await screen.findByText("We couldn't load the EU distance sales.")).toBeVisible();
  });
});
