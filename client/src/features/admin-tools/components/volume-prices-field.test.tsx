import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { savedTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AddTool } from './add-tool';

function setup() {
  const api = fakeApi({
    'GET /api/categories': () => json([{ slug: 'other', name: 'Other', count: 0 }]),
    'POST /api/addtools': ({ body }) => json(savedTool(body), { status: 201 }),
  });
  const view = renderFeature(<AddTool />, {
    route: '/dashboard/addtool',
    session: signedInSession(),
  });
  return { api, ...view };
}

const valid = {
  Name: 'Tiered Clamp',
  'Image URL': '/images/tools/clamp.svg',
  'Price (USD)': '12.50',
  Availability: '1000',
  'Minimum order quantity': '10',
  Description: 'Cheaper by the hundred.',
};

async function fillTool(user: ReturnType<typeof setup>['user']) {
  for (const [label, value] of Object.entries(valid)) {
    await user.type(screen.getByLabelText(label), value);
  }
}

async function addRow(user: ReturnType<typeof setup>['user'], quantity: string, price: string) {
  await user.click(screen.getByRole('button', { name: 'Add a volume price' }));
  const rows = screen.getAllByLabelText(/^From quantity/);
  const row = rows.length;
  await user.type(screen.getByLabelText(`From quantity (row ${row})`), quantity);
  await user.type(screen.getByLabelText(`Price per unit, USD (row ${row})`), price);
}

describe('Volume prices in Add a Tool', () => {
  it('when rows are added, then the tool is sent with its tiers as numbers', async () => {
    const { api, user } = setup();
    await fillTool(user);
    expect(screen.getByText('No volume prices.')).toBeInTheDocument();
    await addRow(user, '50', '11.90');
    await addRow(user, '200', '10.75');

    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Tool');
    expect(api.requestsTo('/api/addtools')[0]?.body).toMatchObject({
      priceTiers: [
        { minQuantity: 50, price: 11.9 },
        { minQuantity: 200, price: 10.75 },
      ],
    });
  });

  it('when rows break the rules, then each row shows its message and nothing is sent', async () => {
    const { api, user } = setup();
    await fillTool(user);
    await addRow(user, '5', '13');
    await addRow(user, '4', '14');

    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(
      await screen.findAllByText('Quantity must be more than the minimum order quantity (10)'),
    ).toHaveLength(2);
    expect(screen.getAllByText('Volume price must be below the price')).toHaveLength(2);
    expect(screen.getByLabelText('From quantity (row 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/addtools')).toHaveLength(0);
  });

  it('when a row is removed, then it is gone from the form and from what is sent', async () => {
    const { api, user } = setup();
    await fillTool(user);
    await addRow(user, '50', 'abc');
    await user.click(screen.getByRole('button', { name: 'Remove volume price row 1' }));
    expect(screen.queryByLabelText('From quantity (row 1)')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(api.requestsTo('/api/addtools')[0]?.body).toMatchObject({ priceTiers: [] });
  });
});
