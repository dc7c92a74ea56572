import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { savedTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AddTool } from './add-tool';

function setup(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/categories': () => json(CATEGORIES), ...handlers });
  const view = renderFeature(<AddTool />, {
    route: '/dashboard/addtool',
    session: signedInSession(),
  });
  return { api, ...view };
}

const CATEGORIES = [
  { slug: 'other', name: 'Other', count: 0 },
  { slug: 'power-tools', name: 'Power tools', count: 3 },
];

const field = (name: string) => screen.getByLabelText(name);

async function fill(user: ReturnType<typeof setup>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

const valid = {
  Name: 'Impact Driver 18V',
  'Image URL': '/images/tools/impact-driver.svg',
  'Price (USD)': '129.99',
  Availability: '400',
  'Minimum order quantity': '20',
  Description: 'Brushless, three speeds.',
};

describe('Add a Tool', () => {
  it('when the empty form is submitted, then every required field says so and nothing is sent', async () => {
    const { api, user } = setup();

    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Image is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Availability is required')).toBeInTheDocument();
    expect(screen.getByText('Minimum order quantity is required')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Name is required');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/addtools')).toHaveLength(0);
  });

  it('when values break the rules, then each field shows the rule it broke', async () => {
    const { api, user } = setup();
    await fill(user, {
      ...valid,
      'Image URL': 'javascript:alert(1)',
      'Price (USD)': '1.005',
      Availability: '10',
      'Minimum order quantity': '11',
    });

    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(/Image must be an http\(s\) address/)).toBeInTheDocument();
    expect(screen.getByText('Price can have at most 2 decimals (cents)')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Minimum order quantity cannot be more than the availability (unless it is 0, sold out)',
      ),
    ).toBeInTheDocument();
    await fill(user, { 'Price (USD)': 'abc', Availability: '2.5' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Price must be a number')).toBeInTheDocument();
    expect(screen.getByText('Availability must be a whole number')).toBeInTheDocument();
    expect(api.requestsTo('/api/addtools')).toHaveLength(0);
  });

  it('when a valid tool is added, then numbers are sent, the success message shows and the form empties', async () => {
    const { api, user, container } = setup({
      'POST /api/addtools': ({ body }) => json(savedTool(body), { status: 201 }),
    });
    expect(screen.getByText('No image')).toBeInTheDocument();
    await fill(user, valid);
    // The preview is decorative (the URL is in the field), so it is found by its place.
    expect(container.querySelector('.tool-form-preview img')).toHaveAttribute(
      'src',
      '/images/tools/impact-driver.svg',
    );

    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Tool added successfully!!');
    expect(api.requestsTo('/api/addtools')[0]?.body).toEqual({
      name: 'Impact Driver 18V',
      img: '/images/tools/impact-driver.svg',
      price: 129.99,
      description: 'Brushless, three speeds.',
      availableQuantity: 400,
      MinimumOrderQuantity: 20,
      specs: [],
      datasheetUrl: null,
      priceTiers: [],
      leadTimeDays: null,
      allowBackorders: false,
      incomingStock: [],
      unit: 'C62',
      packSize: 1,
      orderMultiple: 1,
      priceBasis: 1,
      taxClass: 'standard',
    });
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    for (const label of Object.keys(valid)) expect(field(label)).toHaveValue('');
  });

  it('when the server refuses a field, then its message shows under it and as an alert, and the values stay', async () => {
    const { user } = setup({
      'POST /api/addtools': () =>
        json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Name must be 120 characters or shorter',
              details: [{ path: 'name', message: 'Name must be 120 characters or shorter' }],
            },
          },
          { status: 400 },
        ),
    });
    await fill(user, valid);

    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Name must be 120 characters or shorter',
    );
    expect(field('Name')).toHaveAccessibleDescription('Name must be 120 characters or shorter');
    expect(field('Name')).toHaveValue('Impact Driver 18V');
  });

  it("when the SKU is another tool's, then the 409 shows under the SKU field and the values stay", async () => {
    const message = 'SKU pf-drl-18 is already used by another tool; choose another.';
    const { api, user } = setup({
      'POST /api/addtools': () =>
        json(
          { error: { code: 'CONFLICT', message, details: [{ path: 'sku', message }] } },
          { status: 409 },
        ),
    });
    await fill(user, { ...valid, 'SKU (part number)': 'pf-drl-18' });
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field('SKU (part number)')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(field('SKU (part number)')).toHaveValue('pf-drl-18');
    expect(api.requestsTo('/api/addtools')[0]?.body).toMatchObject({ sku: 'pf-drl-18' });
  });

  it('when a lead time, backorders and a batch are set, then they are sent; a past date from the server shows at its batch', async () => {
    const message = 'Expected date cannot be in the past';
    const { api, user } = setup({
      'POST /api/addtools': ({ body }) =>
        (body as { incomingStock: { expectedDate: string }[] }).incomingStock[0]?.expectedDate ===
        '2020-01-01'
          ? json(
              {
                error: {
                  code: 'VALIDATION_ERROR',
                  message,
                  details: [{ path: 'incomingStock.0.expectedDate', message }],
                },
              },
              { status: 400 },
            )
          : json(savedTool(body), { status: 201 }),
    });
    await fill(user, { ...valid, 'Lead time (days)': 'ten' });
    await user.click(screen.getByRole('checkbox', { name: /Allow backorders/ }));
    await user.click(screen.getByRole('button', { name: 'Add an incoming batch' }));
    await fill(user, { 'Batch quantity (batch 1)': '0' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/Lead time must be a whole number of days/)).toBeInTheDocument();
    expect(field('Batch quantity (batch 1)')).toHaveAccessibleDescription(
      'Batch quantity must be a whole number of 1 or more',
    );
    expect(api.requestsTo('/api/addtools')).toHaveLength(0);

    await fill(user, { 'Lead time (days)': '21', 'Batch quantity (batch 1)': '800' });
    await user.type(field('Expected date (batch 1)'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field('Expected date (batch 1)')).toHaveAccessibleDescription(message);

    await user.clear(field('Expected date (batch 1)'));
    await user.type(field('Expected date (batch 1)'), '2099-03-12');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tool added successfully!!');
    expect(api.requestsTo('/api/addtools')[1]?.body).toMatchObject({
      leadTimeDays: 21,
      allowBackorders: true,
      incomingStock: [{ quantity: 800, expectedDate: '2099-03-12' }],
    });
  });

  it('when the caller is not an admin, then the refusal shows as an alert', async () => {
    const { user } = setup({
      'POST /api/addtools': () => apiError(403, 'FORBIDDEN', 'Only an admin can do this'),
    });
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an admin can do this');
  });
});
