import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { EditTool } from './edit-tool';

// Issue 53: Receive batch on the tool's edit page.
const CATEGORIES = () => json([{ slug: 'other', name: 'Other', count: 0 }]);

describe('Receive batch', () => {
  it('when the admin receives 8 of a batch of 10, then 8 is sent and the outcome is told', async () => {
    const tool = buildTool({
      name: 'Panel Saw',
      availableQuantity: 0,
      allowBackorders: true,
      incomingStock: [{ quantity: 10, expectedDate: '2027-03-12', promised: 9 }],
    });
    const api = fakeApi({
      'GET /api/categories': CATEGORIES,
      [`GET /api/tool/${tool._id}`]: () => json(tool),
      [`POST /api/tool/${tool._id}/batches/receive`]: () =>
        json({
          availableQuantity: 0,
          served: 8,
          stockAdded: 0,
          moved: [{ orderId: 'b'.repeat(24), quantity: 1, from: '2027-03-12', to: '2027-04-02' }],
        }),
    });
    const { user } = renderFeature(<EditTool id={tool._id} />, { session: signedInSession() });
    const section = await screen.findByRole('region', { name: 'Incoming batches' });
    expect(section).toHaveTextContent('10 expected 12 March 2027 · 9 promised to orders');
    await user.click(within(section).getByRole('button', { name: /^Receive batch expected/ }));
    const dialog = screen.getByRole('dialog', { name: 'Receive this batch?' });
    const quantity = within(dialog).getByLabelText('Quantity received');
    expect(quantity).toHaveValue(10);
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Receive batch' }));
    expect(
      await screen.findByText(
        'Received 8: 8 go to waiting orders, 0 to stock. 1 order moved to a later date; their buyers were emailed.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo(`/api/tool/${tool._id}/batches/receive`).map((r) => r.body)).toEqual([
      { expectedDate: '2027-03-12', quantity: 8 },
    ]);
  });
});
