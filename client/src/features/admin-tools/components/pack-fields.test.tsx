import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { savedTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AddTool } from './add-tool';

// Issue 50: the tool form's unit, pack size, order multiple and price basis.
function setup(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/categories': () => json([{ slug: 'other', name: 'Other', count: 0 }]),
    ...handlers,
  });
  const view = renderFeature(<AddTool />, {
    route: '/dashboard/addtool',
    session: signedInSession(),
  });
  return { api, ...view };
}

const field = (name: string) => screen.getByLabelText(name);

async function fill(user: ReturnType<typeof setup>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

const rivets = {
  Name: 'Blind Rivets 4 mm',
  'Image URL': '/images/tools/rivets.svg',
  'Price (USD)': '18.90',
  Availability: '10000',
  'Minimum order quantity': '200',
  Description: 'Aluminium.',
};

describe('Add a Tool: packs', () => {
  it('when the pack fields are left as they are, then the tool is sold by the piece', async () => {
    const { api, user } = setup({
      'POST /api/addtools': ({ body }) => json(savedTool(body), { status: 201 }),
    });
    expect(field('Unit')).toHaveValue('C62');
    expect(field('Pack size')).toHaveValue('1');
    await fill(user, rivets);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tool added successfully!!');
    expect(api.requestsTo('/api/addtools')[0]?.body).toMatchObject({
      unit: 'C62',
      packSize: 1,
      orderMultiple: 1,
      priceBasis: 1,
    });
  });

  it('when a pack of 100 priced per 100 is set, then the numbers are sent', async () => {
    const { api, user } = setup({
      'POST /api/addtools': ({ body }) => json(savedTool(body), { status: 201 }),
    });
    await fill(user, {
      ...rivets,
      'Pack size': '100',
      'Order multiple': '4',
      'Price basis': '100',
    });
    await user.selectOptions(field('Unit'), 'metre (MTR)');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tool added successfully!!');
    expect(api.requestsTo('/api/addtools')[0]?.body).toMatchObject({
      unit: 'MTR',
      packSize: 100,
      orderMultiple: 4,
      priceBasis: 100,
      MinimumOrderQuantity: 200,
    });
  });

  it('when the pack fields break the rules, then each says so under it and nothing is sent', async () => {
    const { api, user } = setup();
    await fill(user, { ...rivets, 'Pack size': '0', 'Order multiple': '6', 'Price basis': '1.5' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Pack size must be 1 or more')).toBeInTheDocument();
    expect(screen.getByText('Price basis must be a whole number')).toBeInTheDocument();
    expect(field('Pack size')).toHaveAttribute('aria-invalid', 'true');
    // Once each number is right on its own, the minimum is judged against the multiple.
    await fill(user, { 'Pack size': '1', 'Price basis': '1' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'Minimum order quantity must be a multiple of the order multiple (6)',
      ),
    ).toBeInTheDocument();
    expect(field('Minimum order quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/addtools')).toHaveLength(0);
  });

  it('when the server refuses the order multiple, then its message shows under that field', async () => {
    const message = 'Order multiple must be 10,000,000 or less';
    const { user } = setup({
      'POST /api/addtools': () =>
        json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message,
              details: [{ path: 'orderMultiple', message }],
            },
          },
          { status: 400 },
        ),
    });
    await fill(user, rivets);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(message, { selector: '.field-error, [id]' }),
    ).toBeInTheDocument();
    expect(field('Order multiple')).toHaveAttribute('aria-invalid', 'true');
  });
});
