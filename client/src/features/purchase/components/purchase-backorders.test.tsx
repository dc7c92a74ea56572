import { screen, waitFor } from '@testing-library/react';
import { addDays, dayOf, formatShipDate } from '@toolworks/contract/availability';
import type { Tool } from '@toolworks/contract/tools';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder, buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { PurchasePage } from './purchase-page';

const buyer = { name: 'Casey Jones', email: 'casey@example.com' };
const today = dayOf(new Date());
const batchDay = addDays(today, 11);
const batch = formatShipDate(batchDay, today);

function setup(tool: Tool) {
  const api = fakeApi({
    [`GET /api/tool/${tool._id}`]: () => json(tool),
    'POST /api/addOrderItem': () => json(buildOrder(), { status: 201 }),
  });
  const view = renderFeature(<PurchasePage toolId={tool._id} buyer={buyer} />, {
    route: `/purchase/${tool._id}`,
    session: signedInSession(),
  });
  return { api, ...view };
}

const quantity = () => screen.getByRole('textbox', { name: 'Quantity' });

describe('the purchase page with backorders', () => {
  it('when the tool allows backorders, then it says what ships when, and beyond stock is split and may be bought', async () => {
    const tool = buildTool({
      MinimumOrderQuantity: 10,
      availableQuantity: 1200,
      allowBackorders: true,
      leadTimeDays: 21,
      incomingStock: [{ quantity: 1000, expectedDate: batchDay, promised: 200 }],
    });
    const { api, user } = setup(tool);
    expect(
      await screen.findByText(
        `1,200 ship today; 800 more ship from ${batch}; the rest ship by ${formatShipDate(addDays(today, 21), today)}`,
      ),
    ).toBeInTheDocument();

    await user.clear(quantity());
    await user.type(quantity(), '2500');
    expect(
      screen.getByText(
        `1,200 ship now; 800 backordered, ship from ${batch}; 500 backordered, ship from ${formatShipDate(addDays(today, 21), today)}`,
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+1 555 0100');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Forge Lane, Sheffield');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(api.requestsTo('/api/addOrderItem')).toHaveLength(1));
    expect(api.requestsTo('/api/addOrderItem')[0]?.body).toMatchObject({ quantity: 2500 });
  });

  it('when the tool does not allow backorders, then beyond stock is refused as before', async () => {
    const tool = buildTool({
      MinimumOrderQuantity: 10,
      availableQuantity: 100,
      incomingStock: [{ quantity: 1000, expectedDate: batchDay, promised: 0 }],
    });
    const { api, user } = setup(tool);
    await user.clear(await screen.findByRole('textbox', { name: 'Quantity' }));
    await user.type(quantity(), '101');
    expect(screen.queryByText(/backordered/)).not.toBeInTheDocument();
    expect(screen.queryByText(/ship today/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(api.requestsTo('/api/addOrderItem')).toHaveLength(0);
  });
});
