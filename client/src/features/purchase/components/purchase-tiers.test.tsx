import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder, buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { PurchasePage } from './purchase-page';

const buyer = { name: 'Casey Jones', email: 'casey@example.com' };

// Base $12.50 from 10 units; 50+ at $11.90, 200+ at $10.75.
const tool = buildTool({
  name: 'Tiered Clamp',
  price: 12.5,
  MinimumOrderQuantity: 10,
  availableQuantity: 1000,
  priceTiers: [
    { minQuantity: 50, price: 11.9 },
    { minQuantity: 200, price: 10.75 },
  ],
});

function setup() {
  const api = fakeApi({
    [`GET /api/tool/${tool._id}`]: () => json(tool),
    'POST /api/addOrderItem': () =>
      json(buildOrder({ toolId: tool._id, name: tool.name }), { status: 201 }),
  });
  const view = renderFeature(<PurchasePage toolId={tool._id} buyer={buyer} />, {
    route: `/purchase/${tool._id}`,
    session: signedInSession(),
  });
  return { api, ...view };
}

const quantity = () => screen.getByRole('textbox', { name: 'Quantity' });
const unitPrice = () => screen.getByText('Unit price:').querySelector('output');
const total = () => screen.getByText('Total price:').querySelector('output');

describe('volume prices on the purchase page', () => {
  it('when the quantity is typed, then the unit price, total, marked tier and hint follow it', async () => {
    const { user } = setup();
    const tiers = await screen.findByRole('region', { name: 'Volume prices' });
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['10+ units: $12.50', '50+ units: $11.90', '200+ units: $10.75']);
    expect(unitPrice()).toHaveTextContent('$12.50');
    expect(total()).toHaveTextContent('$125.00');
    expect(screen.getByText('Add 40 more to pay $11.90 each and save $30.00')).toBeInTheDocument();

    await user.clear(quantity());
    await user.type(quantity(), '49');
    expect(unitPrice()).toHaveTextContent('$12.50');
    expect(screen.getByText('Add 1 more to pay $11.90 each and save $30.00')).toBeInTheDocument();

    await user.type(quantity(), '{backspace}{backspace}50');
    expect(unitPrice()).toHaveTextContent('$11.90');
    expect(total()).toHaveTextContent('$595.00');
    expect(within(tiers).getByText('50+ units: $11.90')).toHaveAttribute('aria-current', 'true');
    expect(
      screen.getByText('Add 150 more to pay $10.75 each and save $230.00'),
    ).toBeInTheDocument();

    await user.clear(quantity());
    await user.type(quantity(), '200');
    expect(unitPrice()).toHaveTextContent('$10.75');
    expect(total()).toHaveTextContent('$2,150.00');
    expect(screen.queryByText(/^Add \d+ more/)).not.toBeInTheDocument();
  });

  it('when ordering at a tier, then the tier price is sent as the expected unit price', async () => {
    const { api, user } = setup();
    await screen.findByRole('region', { name: 'Volume prices' });
    await user.clear(quantity());
    await user.type(quantity(), '200');
    await user.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await user.type(screen.getByLabelText('Address'), '12 Forge Lane, Sheffield');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));

    await screen.findByText('Your Order added successfully!!');
    expect(api.requestsTo('/api/addOrderItem')[0]?.body).toMatchObject({
      quantity: 200,
      expectedUnitPrice: 10.75,
      price: 2150,
    });
  });

  it('when the tool has no tiers, then no tier list, unit price line or hint shows', async () => {
    const plain = buildTool({ name: 'Plain Clamp' });
    fakeApi({ [`GET /api/tool/${plain._id}`]: () => json(plain) });
    renderFeature(<PurchasePage toolId={plain._id} buyer={buyer} />, {
      route: `/purchase/${plain._id}`,
      session: signedInSession(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Plain Clamp' });
    expect(screen.queryByRole('region', { name: 'Volume prices' })).not.toBeInTheDocument();
    expect(screen.queryByText('Unit price:')).not.toBeInTheDocument();
  });
});
