import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder, buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { PurchasePage } from './purchase-page';

// Issue 50: a tool sold in packs of 100, priced per 100: the stepper moves in packs from the
// least quantity, and the page says what the price is for.
const buyer = { name: 'Casey Jones', email: 'casey@example.com' };
const rivets = buildTool({
  name: 'Blind Rivets',
  price: 18.9,
  MinimumOrderQuantity: 1,
  availableQuantity: 10_000,
  packSize: 100,
  priceBasis: 100,
});

function setup() {
  const api = fakeApi({
    [`GET /api/tool/${rivets._id}`]: () => json(rivets),
    'POST /api/addOrderItem': () =>
      json(buildOrder({ toolId: rivets._id, name: rivets.name }), { status: 201 }),
  });
  const view = renderFeature(<PurchasePage toolId={rivets._id} buyer={buyer} />, {
    route: `/purchase/${rivets._id}`,
    session: signedInSession(),
  });
  return { api, ...view };
}

const quantity = () => screen.getByRole('textbox', { name: 'Quantity' });
const total = () => screen.getByText('Total price:').querySelector('output');

describe('a tool sold in packs on the purchase page', () => {
  it('when it opens, then the quantity is one pack, the price says so, and plus and minus move a pack', async () => {
    const { user } = setup();
    expect(await screen.findByRole('textbox', { name: 'Quantity' })).toHaveValue('100');
    expect(screen.getAllByText('$18.90 / pack of 100 ($0.189 each)').length).toBeGreaterThan(0);
    expect(screen.getByText('Sold in packs of 100')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$18.90');

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity()).toHaveValue('200');
    expect(total()).toHaveTextContent('$37.80');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(quantity()).toHaveValue('100');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('when a quantity off the pack is typed, then it says so and the order is not sent', async () => {
    const { api, user } = setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Quantity' }));
    await user.type(quantity(), '150');
    expect(screen.getByText('Order in packs of 100')).toBeInTheDocument();
    expect(quantity()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity()).toHaveValue('200');
    expect(api.requestsTo('/api/addOrderItem')).toHaveLength(0);
  });
});
