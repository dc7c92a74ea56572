import type { Tool } from '@toolworks/contract/tools';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder, buildTool } from '@/testing/factories';
import { renderApp, renderFeature, signedInSession } from '@/testing/render';
import { PurchasePage } from './purchase-page';

const buyer = { name: 'Casey Jones', email: 'casey@example.com' };

const placed = buildOrder({ _id: 'a'.repeat(24), number: 'TW-100042' });

function setup(tool: Tool, placeOrder = () => json(placed, { status: 201 })) {
  const api = fakeApi({
    [`GET /api/tool/${tool._id}`]: () => json(tool),
    'POST /api/addOrderItem': placeOrder,
  });
  const view = renderFeature(<PurchasePage toolId={tool._id} buyer={buyer} />, {
    route: `/purchase/${tool._id}`,
    session: signedInSession(),
  });
  return { api, ...view };
}

const quantityInput = () => screen.getByRole('textbox', { name: 'Quantity' });
const buyNow = () => screen.getByRole('button', { name: 'Buy Now' });

describe('the purchase page', () => {
  it("when it opens, then the tool's details show and the quantity starts at the tool's minimum", async () => {
    const tool = buildTool({
      name: 'Impact Driver',
      price: 24.5,
      MinimumOrderQuantity: 120,
      availableQuantity: 900,
    });
    setup(tool);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Impact Driver' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Impact Driver' })).toBeInTheDocument();
    expect(screen.getByText(tool.description)).toBeInTheDocument();
    expect(screen.getByText('$24.50')).toBeInTheDocument();
    expect(screen.getByText('900')).toBeInTheDocument();
    expect(quantityInput()).toHaveValue('120');
    expect(screen.getByText('$2,940.00')).toBeInTheDocument();
    expect(buyNow()).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('casey@example.com');
  });

  it('when minus is pressed at the minimum, then it stays; plus from below the minimum starts at it', async () => {
    const { user } = setup(buildTool({ MinimumOrderQuantity: 25, availableQuantity: 100 }));
    const minus = await screen.findByRole('button', { name: 'Decrease quantity' });
    expect(minus).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantityInput()).toHaveValue('26');
    await user.click(minus);
    expect(quantityInput()).toHaveValue('25');
    expect(minus).toBeDisabled();

    await user.clear(quantityInput());
    await user.type(quantityInput(), '3');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantityInput()).toHaveValue('25');
  });

  it('when letters, signs or dots are typed, then only the digits are kept', async () => {
    const { user } = setup(buildTool({ MinimumOrderQuantity: 1 }));
    await user.clear(await screen.findByRole('textbox', { name: 'Quantity' }));
    await user.type(quantityInput(), '-1a2.3e4');
    expect(quantityInput()).toHaveValue('1234');
  });

  it("when the quantity is below the tool's minimum, then its own message shows and Buy Now is disabled", async () => {
    const { user } = setup(buildTool({ MinimumOrderQuantity: 40, availableQuantity: 100 }));
    await user.clear(await screen.findByRole('textbox', { name: 'Quantity' }));
    await user.type(quantityInput(), '39');

    expect(screen.getByText('You have to purchase at least 40 products')).toBeInTheDocument();
    expect(quantityInput()).toHaveAccessibleDescription(
      'You have to purchase at least 40 products',
    );
    expect(buyNow()).toBeDisabled();
  });

  it('when the quantity is above the stock, then the availability message shows and Buy Now is disabled', async () => {
    const { user } = setup(
      buildTool({ MinimumOrderQuantity: 10, availableQuantity: 60, price: 2 }),
    );
    await user.clear(await screen.findByRole('textbox', { name: 'Quantity' }));
    await user.type(quantityInput(), '61');

    expect(
      screen.getByText('You have to purchase below our availableQuantity'),
    ).toBeInTheDocument();
    expect(buyNow()).toBeDisabled();
    expect(screen.getByText('$122.00')).toBeInTheDocument();

    await user.type(quantityInput(), '{Backspace}0');
    expect(
      screen.queryByText('You have to purchase below our availableQuantity'),
    ).not.toBeInTheDocument();
    expect(buyNow()).toBeEnabled();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
  });

  it('when the order is placed, then the success message shows, the form resets and the stock is fetched again', async () => {
    const tool = buildTool({
      name: 'Bench Vise',
      price: 10.1,
      MinimumOrderQuantity: 10,
      availableQuantity: 100,
    });
    const { api, user } = setup(tool);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+1 555 0100');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Forge Lane, Sheffield');
    await user.click(buyNow());

    const message = await screen.findByText('Your Order added successfully!!');
    expect(message.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(api.requestsTo('/api/addOrderItem')[0]?.body).toEqual({
      toolId: tool._id,
      name: 'Bench Vise',
      price: 111.1,
      quantity: 11,
      userName: 'Casey Jones',
      userEmail: 'casey@example.com',
      userPhone: '+1 555 0100',
      userAddress: '12 Forge Lane, Sheffield',
      isPaid: false,
      iscancelled: false,
      expectedUnitPrice: 10.1,
    });
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('');
    expect(quantityInput()).toHaveValue('10');
    await waitFor(() => expect(api.requestsTo(`/api/tool/${tool._id}`)).toHaveLength(2));
  });

  it('when Buy Now is sent twice at once (a double click while the details are checked), then one order is placed', async () => {
    const tool = buildTool({ MinimumOrderQuantity: 10, availableQuantity: 100 });
    const { api, user } = setup(tool);
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '+1 555 0100');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Forge Lane, Sheffield');
    const form = buyNow().closest('form');
    if (!form) throw new Error('Buy Now is not in a form');
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(await screen.findByText(/Order TW-100042 is placed/)).toBeInTheDocument();
    expect(api.requestsTo('/api/addOrderItem')).toHaveLength(1);
  });

  it('when the order is placed, then Pay now leads to its payment page and View my orders to the list', async () => {
    const tool = buildTool({ MinimumOrderQuantity: 10, availableQuantity: 100 });
    const { user } = setup(tool);
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '+1 555 0100');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Forge Lane, Sheffield');
    await user.click(buyNow());

    expect(await screen.findByText(/Order TW-100042 is placed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
    await user.click(screen.getByRole('link', { name: 'Pay now' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${placed._id}`);
  });

  it('when the price changed since the page loaded, then the new total shows and Buy Now asks again at it', async () => {
    const tool = buildTool({ price: 2, MinimumOrderQuantity: 10, availableQuantity: 100 });
    let refusals = 0;
    const { api, user } = setup(tool, () => {
      if (refusals++ > 0) return json(placed, { status: 201 });
      return json(
        {
          error: {
            code: 'PRICE_CHANGED',
            message: 'The price of this tool has changed',
            details: { unitPrice: 2.5 },
          },
        },
        { status: 409 },
      );
    });
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '+1 555 0100');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Forge Lane, Sheffield');
    await user.click(buyNow());

    const alert = (await screen.findByText('The price has changed.')).closest('[role="alert"]');
    expect(alert).toBeInTheDocument();
    expect(alert).toHaveTextContent('$2.50 each, so the total is $25.00');
    expect(screen.queryByText('Your Order added successfully!!')).not.toBeInTheDocument();

    await user.click(buyNow());
    expect(await screen.findByText('Your Order added successfully!!')).toBeInTheDocument();
    const bodies = api.requestsTo('/api/addOrderItem').map((r) => r.body);
    expect(bodies).toMatchObject([{ expectedUnitPrice: 2 }, { expectedUnitPrice: 2.5 }]);
  });

  it('when the buyer holds too many unpaid orders, then the server says so in its words', async () => {
    const tool = buildTool({ MinimumOrderQuantity: 10 });
    const message = 'You have 5 unpaid orders: pay or cancel one before ordering more.';
    const { user } = setup(tool, () => apiError(409, 'CONFLICT', message));
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '555 0100');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Race Street');
    await user.click(buyNow());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('when the server refuses the order, then its message shows and the form keeps what was typed', async () => {
    const tool = buildTool({ MinimumOrderQuantity: 10 });
    const { user } = setup(tool, () =>
      apiError(409, 'OUT_OF_STOCK', 'Sorry, the stock changed while you ordered: only 4 left'),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '555 0100');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Race Street');
    await user.click(buyNow());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, the stock changed while you ordered: only 4 left',
    );
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('555 0100');
  });

  it('when phone and address are missing or malformed, then their messages show and nothing is sent', async () => {
    const { api, user } = setup(buildTool());
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), 'call me');
    await user.click(buyNow());

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAccessibleDescription('Phone may only contain digits, spaces, +, - and ()');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(
      'Address is required',
    );
    expect(api.requestsTo('/api/addOrderItem')).toHaveLength(0);
  });

  it('when the tool does not exist, then it says so and links back to the catalogue', async () => {
    const id = 'f'.repeat(24);
    fakeApi({ [`GET /api/tool/${id}`]: () => apiError(404, 'NOT_FOUND', 'Tool not found') });
    renderFeature(<PurchasePage toolId={id} buyer={buyer} />, { session: signedInSession() });

    const notice = (await screen.findByText("We couldn't find this tool.")).closest(
      'div',
    ) as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute(
      'href',
      '/home',
    );
  });

  it('when the shopper moves to another purchase page, then the previous tool is never shown under the new address', async () => {
    const drill = buildTool({ name: 'Cordless Drill' });
    const saw = buildTool({ name: 'Circular Saw' });
    let sendSaw = () => {};
    fakeApi({
      [`GET /api/tool/${drill._id}`]: () => json(drill),
      [`GET /api/tool/${saw._id}`]: () =>
        new Promise<Response>((resolve) => (sendSaw = () => resolve(json(saw)))),
    });
    const { router } = renderApp({ route: `/purchase/${drill._id}`, session: signedInSession() });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });

    await act(() => router.navigate(`/purchase/${saw._id}`));

    expect(screen.queryByRole('heading', { level: 1, name: 'Cordless Drill' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    act(() => sendSaw());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Circular Saw' }),
    ).toBeInTheDocument();
  });
});
