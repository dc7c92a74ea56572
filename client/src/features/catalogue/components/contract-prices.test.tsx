import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderFeature } from '@/testing/render';
import { ToolPage } from './tool-page';
import { ToolCard } from './tool-card';
import { unitPriceFor } from '@/components/pricing/tool-pricing';

const bits = buildTool({
  name: 'Drill Bit Set',
  price: 12.4,
  priceTiers: [{ minQuantity: 50, price: 11.9 }],
  MinimumOrderQuantity: 10,
  availableQuantity: 500,
  contractPrice: {
    price: 7.9,
    priceTiers: [{ minQuantity: 100, price: 7.5 }],
    priceListName: 'Distributor',
    listPrice: 12.4,
    minimumOrderQuantity: 20,
    orderMultiple: 1,
  },
});

describe('contract prices', () => {
  it('when a company member opens a tool with a contract price, then the page shows it with the list price struck through, and their volume prices', async () => {
    fakeApi({
      [`GET /api/tool/${bits._id}`]: () => json(bits),
      [`GET /api/tool/${bits._id}/reviews`]: () => json([]),
      'GET /api/categories': () => json([]),
    });
    renderFeature(<ToolPage toolId={bits._id} />, { route: `/tool/${bits._id}` });
    const price = await screen.findByText(/Your contract price: \$7\.90/);
    const struck = within(price).getByText('$12.40', { exact: false });
    expect(struck.closest('s')).toHaveTextContent('List price $12.40');
    expect(screen.queryByText('Price: $12.40')).toBeNull();
    const volume = screen.getByRole('region', { name: 'Volume prices' });
    expect(within(volume).getByText('20+ units: $7.90')).toBeVisible();
    expect(within(volume).getByText('100+ units: $7.50')).toBeVisible();
  });

  it('when a card shows a tool with a contract price, then it says so; without one, the price as today', () => {
    const plain = buildTool({ name: 'Hammer', price: 20 });
    renderFeature(
      <>
        <ToolCard tool={bits} />
        <ToolCard tool={plain} />
      </>,
    );
    const card = screen.getByRole('article', { name: 'Drill Bit Set' });
    expect(within(card).getByText(/Your contract price: \$7\.90/)).toBeVisible();
    expect(card.querySelector('s')).toHaveTextContent('List price $12.40');
    const other = screen.getByRole('article', { name: 'Hammer' });
    expect(within(other).getByText('Price: $20.00')).toBeVisible();
    expect(other.querySelector('s')).toBeNull();
  });

  it('when the quantity reaches a contract break, then the unit price is the contract one', () => {
    expect(unitPriceFor(bits, 20)).toBe(7.9);
    expect(unitPriceFor(bits, 100)).toBe(7.5);
    const { contractPrice: _none, ...listOnly } = bits;
    expect(unitPriceFor(listOnly, 60)).toBe(11.9);
  });
});
