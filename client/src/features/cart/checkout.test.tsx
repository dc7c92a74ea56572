import type { Profile } from '@toolworks/contract/profiles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Component as CheckoutRoute } from '@/app/routes/checkout';
import { apiError, deferred, fakeApi, json } from '@/testing/fake-api';
import { buildOrder, buildProfile } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { buildLine, cartOf } from './test-carts';

const email = 'casey@example.com';
const profile = buildProfile({ email_address: email });

const vise = buildLine({ name: 'Bench Vise', quantity: 10, unitPrice: 2.5 });
const drill = buildLine({ name: 'Drill', quantity: 5, unitPrice: 10, MinimumOrderQuantity: 5 });

function setup(checkout: Parameters<typeof fakeApi>[0][string], saved: Profile | null = profile) {
  const api = fakeApi({
    'GET /api/cart': () => json(cartOf([vise, drill])),
    [`GET /api/userDetails/${encodeURIComponent(email)}`]: () =>
      saved ? json(saved) : apiError(404, 'NOT_FOUND', 'No details yet'),
    'POST /api/checkout': checkout,
  });
  return {
    api,
    ...renderFeature(<CheckoutRoute />, { route: '/checkout', session: signedInSession() }),
  };
}

/** The elements scrolled into view (the test setup stubs `scrollIntoView`, which jsdom lacks). */
const scrolledTo = () =>
  vi.mocked(
    Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')?.value as () => void,
  ).mock.contexts;

const placeOrder = () => screen.getByRole('button', { name: /^Place order/ });

describe('checkout', () => {
  it('when the order is placed, then the details come from My Profile, the total shown is sent and payment opens for the new order', async () => {
    const order = buildOrder({ number: 'TW-100050' });
    const { api, user } = setup(() => json(order, { status: 201 }));

    expect(await screen.findByRole('textbox', { name: 'Address' })).toHaveValue(
      'Dock 4, 80 Water Street, Halifax',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Casey Jones');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 902 555 0100');
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByText('10 × Bench Vise')).toBeInTheDocument();
    expect(within(summary).getByText('5 × Drill')).toBeInTheDocument();
    expect(within(summary).getByRole('status')).toHaveTextContent('$75.00');

    await user.type(
      screen.getByRole('textbox', { name: 'Purchase order reference (optional)' }),
      'PO-7731',
    );
    await user.click(placeOrder());

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${order._id}`),
    );
    expect(api.requestsTo('/api/checkout')[0]?.body).toEqual({
      userName: 'Casey Jones',
      userPhone: '+1 902 555 0100',
      userAddress: 'Dock 4, 80 Water Street, Halifax',
      poReference: 'PO-7731',
      // My Profile's country (Canada), where it ships unless the buyer picks another.
      shipToCountry: 'CA',
      expectedTotal: 75,
      paymentMethod: 'card',
    });
  });

  it('when Place order is sent twice at once (a double click while the details are checked), then one order is placed', async () => {
    const order = buildOrder({ number: 'TW-100052' });
    const { api } = setup(() => json(order, { status: 201 }));
    await screen.findByRole('textbox', { name: 'Address' });
    const form = placeOrder().closest('form');
    if (!form) throw new Error('Place order is not in a form');
    fireEvent.submit(form);
    fireEvent.submit(form);

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${order._id}`),
    );
    expect(api.requestsTo('/api/checkout')).toHaveLength(1);
  });

  it('when the answer to Place order is lost and the buyer tries again, then the retry carries the same Idempotency-Key, so the server answers the first order', async () => {
    const order = buildOrder({ number: 'TW-100053' });
    let calls = 0;
    const { api, user } = setup(() =>
      ++calls === 1 ? apiError(503, 'INTERNAL', 'The shop is busy') : json(order, { status: 201 }),
    );
    await screen.findByRole('textbox', { name: 'Address' });
    await user.click(placeOrder());
    await screen.findByText('The shop is busy');
    await user.click(placeOrder());

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${order._id}`),
    );
    const keys = api.requestsTo('/api/checkout').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("when the order is above the buyer's spending limit, then it says the order went to the company's approvers instead of opening payment", async () => {
    const order = buildOrder({ number: 'TW-100051', status: 'awaiting_approval', price: 75 });
    const { user } = setup(() => json(order, { status: 201 }));
    await screen.findByRole('textbox', { name: 'Address' });
    await user.click(placeOrder());

    const message = (await screen.findByText(/went to your company’s approvers/)).closest(
      '[role="status"]',
    );
    expect(message).toHaveTextContent('Order TW-100051 ($75.00) went to your company’s approvers.');
    expect(message).toHaveTextContent(
      /an approver at your company must approve it before you can pay/,
    );
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${order._id}`,
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    // The answer replaces the form: it is brought into view and takes the focus.
    await waitFor(() => expect(message).toHaveFocus());
    expect(scrolledTo()).toContain(message);
  });

  it('when no delivery address is saved, then the postal address of My Profile is used', async () => {
    setup(() => json(buildOrder(), { status: 201 }), { ...profile, delivery_address: '' });
    expect(await screen.findByRole('textbox', { name: 'Address' })).toHaveValue(
      '12 Harbour Street, Halifax, Nova Scotia B3J 1A1, Canada',
    );
  });

  it('when the prices changed, then the new total shows, the cart and its tax are fetched again and placing again sends it', async () => {
    let answered = 0;
    const { api, user } = setup(() =>
      answered++ === 0
        ? json(
            { error: { code: 'PRICE_CHANGED', message: 'Prices changed', details: { total: 80 } } },
            { status: 409 },
          )
        : json(buildOrder(), { status: 201 }),
    );
    // The server's cart after the change: the vise went up by 50 cents.
    const dearer = { ...vise, unitPrice: 3, lineTotal: 30 };
    api.handlers['GET /api/cart'] = () =>
      json(answered === 0 ? cartOf([vise, drill]) : cartOf([dearer, drill]));
    await user.click(await screen.findByRole('button', { name: 'Place order ($75.00)' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The prices have changed.');
    expect(alert).toHaveTextContent('The total is now $80.00');
    await user.click(await screen.findByRole('button', { name: 'Place order ($80.00)' }));

    await waitFor(() => expect(api.requestsTo('/api/checkout')).toHaveLength(2));
    expect(
      api
        .requestsTo('/api/checkout')
        .map((r) => (r.body as { expectedTotal: number }).expectedTotal),
    ).toEqual([75, 80]);
    expect(api.requestsTo('/api/cart/tax').length).toBeGreaterThanOrEqual(2);
  });

  it('when lines are out of stock, then they are named, nothing can be placed and the cart is one click away', async () => {
    const { user } = setup(() =>
      json(
        {
          error: {
            code: 'OUT_OF_STOCK',
            message: 'Some lines cannot be had',
            details: [{ toolId: drill.toolId, name: 'Drill', availableQuantity: 3 }],
          },
        },
        { status: 409 },
      ),
    );
    await user.click(await screen.findByRole('button', { name: /^Place order/ }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Drill: 3 available')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
    await user.click(within(alert).getByRole('link', { name: 'Fix my cart' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it('when the buyer holds too many unpaid orders, then the server message shows', async () => {
    const message = 'You have 5 unpaid orders: pay or cancel one before ordering more.';
    const { user } = setup(() => apiError(409, 'CONFLICT', message));
    await user.click(await screen.findByRole('button', { name: /^Place order/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('when the phone is missing, then the field says so and nothing is sent', async () => {
    const { api, user } = setup(() => json(buildOrder(), { status: 201 }), null);
    await user.click(await screen.findByRole('button', { name: /^Place order/ }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(api.requestsTo('/api/checkout')).toHaveLength(0);
  });
});

describe('checkout for a company member', () => {
  it("when the buyer picks one of the company's delivery addresses, then it fills the address and is sent", async () => {
    const order = buildOrder();
    const api = fakeApi({
      'GET /api/cart': () => json(cartOf([vise])),
      [`GET /api/userDetails/${encodeURIComponent(email)}`]: () => json(profile),
      'GET /api/company': () =>
        json({
          role: 'buyer',
          application: null,
          company: {
            _id: 'c'.repeat(24),
            name: 'Harbour Fixings Ltd.',
            vatId: 'CA123456789',
            billingAddress: '12 Harbour Street, Halifax',
            deliveryAddresses: [
              { _id: 'd'.repeat(24), label: 'Main', address: 'Dock 4, 80 Water Street, Halifax' },
              {
                _id: 'e'.repeat(24),
                label: 'Yard',
                address: 'Pier 21, 1055 Marginal Road, Halifax',
              },
            ],
            paymentTerms: 'net-30',
            creditLimit: 5000,
            memberCount: 2,
            createdAt: '2026-11-20T10:00:00.000Z',
            updatedAt: '2026-11-20T10:00:00.000Z',
            members: [],
            invitations: [],
          },
        }),
      'POST /api/checkout': () => json(order, { status: 201 }),
    });
    const { user } = renderFeature(<CheckoutRoute />, {
      route: '/checkout',
      session: signedInSession(),
    });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Company delivery address' }),
      'Yard: Pier 21, 1055 Marginal Road, Halifax',
    );
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue(
      'Pier 21, 1055 Marginal Road, Halifax',
    );
    await user.click(placeOrder());
    await waitFor(() => expect(api.requestsTo('/api/checkout')).toHaveLength(1));
    expect(api.requestsTo('/api/checkout')[0]?.body).toMatchObject({
      userAddress: 'Pier 21, 1055 Marginal Road, Halifax',
      deliveryAddressId: 'e'.repeat(24),
    });
  });
});

describe('checkout on invoice', () => {
  const company = (
    paymentTerms: string,
    deliveryAddresses = [{ label: 'Main', address: 'Dock 4, 80 Water Street, Halifax' }],
  ) => ({
    role: 'buyer',
    application: null,
    company: {
      _id: 'c'.repeat(24),
      name: 'Harbour Fixings Ltd.',
      vatId: 'CA123456789',
      billingAddress: '12 Harbour Street, Halifax',
      deliveryAddresses,
      paymentTerms,
      creditLimit: 5000,
      memberCount: 2,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      members: [],
      invitations: [],
    },
  });
  const render = (
    paymentTerms: string,
    checkout: Parameters<typeof fakeApi>[0][string],
    addresses?: Parameters<typeof company>[1],
  ) => {
    const api = fakeApi({
      'GET /api/cart': () => json(cartOf([vise])),
      [`GET /api/userDetails/${encodeURIComponent(email)}`]: () => json(profile),
      'GET /api/company': () => json(company(paymentTerms, addresses)),
      'POST /api/checkout': checkout,
    });
    return {
      api,
      ...renderFeature(<CheckoutRoute />, { route: '/checkout', session: signedInSession() }),
    };
  };

  it('when the company has net-30 terms and the buyer pays on invoice, then it is sent and the confirmed order opens', async () => {
    const order = buildOrder({ status: 'confirmed', paymentMethod: 'invoice' });
    const { api, user } = render('net-30', () => json(order, { status: 201 }));
    const payment = await screen.findByRole('group', { name: 'Payment' });
    expect(within(payment).getByRole('radio', { name: 'Card, paid now' })).toBeChecked();
    // The choice sits in the form before the button, so on a phone's single column (and in tab
    // order) the buyer meets it before placing the order.
    const placeOrder = screen.getByRole('button', { name: 'Place order ($25.00)' });
    expect(placeOrder.closest('form')).toContainElement(payment);
    expect(
      payment.compareDocumentPosition(placeOrder) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(within(payment).getByRole('radio', { name: 'Pay on invoice (Net 30)' }));
    await user.click(screen.getByRole('button', { name: 'Place order on invoice ($25.00)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/orders/${order._id}`),
    );
    expect(api.requestsTo('/api/checkout')[0]?.body).toMatchObject({ paymentMethod: 'invoice' });
  });

  it('when the credit limit refuses the order, then the message shows and card payment is one click away', async () => {
    const { api, user } = render('net-30', () =>
      apiError(
        409,
        'CREDIT_LIMIT_EXCEEDED',
        "This order is above your company's remaining credit of $10.00: pay by card instead",
      ),
    );
    await user.click(await screen.findByRole('radio', { name: 'Pay on invoice (Net 30)' }));
    await user.click(screen.getByRole('button', { name: 'Place order on invoice ($25.00)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Your company's credit limit does not cover this order.");
    expect(alert).toHaveTextContent('remaining credit of $10.00');
    // The alert sits above the form, off-screen on a phone: it comes into view with the focus.
    await waitFor(() => expect(alert).toHaveFocus());
    expect(scrolledTo()).toContain(alert);
    await user.click(within(alert).getByRole('button', { name: 'Pay by card instead' }));
    expect(screen.getByRole('radio', { name: 'Card, paid now' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Place order ($25.00)' })).toBeEnabled();
    expect(api.requestsTo('/api/checkout')).toHaveLength(1);
  });

  it('when the company has no terms, then no payment choice is offered', async () => {
    render('none', () => json(buildOrder(), { status: 201 }));
    expect(await screen.findByRole('button', { name: 'Place order ($25.00)' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('when the company has one delivery address, then it is chosen and fills the address', async () => {
    const { api, user } = render('none', () => json(buildOrder(), { status: 201 }), [
      { label: 'Yard', address: 'Pier 21, 1055 Marginal Road, Halifax' },
    ]);
    const choice = await screen.findByRole('combobox', { name: 'Company delivery address' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue(
        'Pier 21, 1055 Marginal Road, Halifax',
      ),
    );
    expect(choice).toHaveDisplayValue('Yard: Pier 21, 1055 Marginal Road, Halifax');
    await user.click(placeOrder());
    await waitFor(() => expect(api.requestsTo('/api/checkout')).toHaveLength(1));
    expect(api.requestsTo('/api/checkout')[0]?.body).toMatchObject({
      userAddress: 'Pier 21, 1055 Marginal Road, Halifax',
    });
  });

  it("when the buyer has limits, then checkout shows them with the month's spend and the credit left, and warns that this order goes to approval", async () => {
    const api = fakeApi({
      'GET /api/cart': () => json(cartOf([vise])),
      [`GET /api/userDetails/${encodeURIComponent(email)}`]: () => json(profile),
      'GET /api/company': () =>
        json({
          ...company('net-30'),
          buying: {
            spendingLimitPerOrder: 20,
            spendingLimitPerMonth: 20000,
            spentThisMonth: 1500,
            creditLeft: 4600,
          },
        }),
      'POST /api/checkout': () =>
        json(buildOrder({ status: 'awaiting_approval' }), { status: 201 }),
    });
    renderFeature(<CheckoutRoute />, { route: '/checkout', session: signedInSession() });
    const limits = await screen.findByRole('region', { name: 'Your buying limits' });
    expect(limits).toHaveTextContent('Per order$20.00');
    expect(limits).toHaveTextContent('Per month$20,000.00 ($1,500.00 spent this month)');
    expect(limits).toHaveTextContent('Company credit left$4,600.00');
    // $25.00 is above the $20.00 per order: said before the buyer places it.
    const placeOrder = screen.getByRole('button', { name: 'Place order ($25.00)' });
    expect(placeOrder).toHaveAccessibleDescription(
      "This order is above your spending limit: it will go to your company's approvers, and you pay once one approves it.",
    );
    expect(api.requestsTo('/api/checkout')).toHaveLength(0);
  });

  it('when the buyer typed an address before the company loaded, then its only address does not replace it', async () => {
    const answer = deferred<Response>();
    fakeApi({
      'GET /api/cart': () => json(cartOf([vise])),
      [`GET /api/userDetails/${encodeURIComponent(email)}`]: () => json(profile),
      'GET /api/company': () => answer.promise,
    });
    const { user } = renderFeature(<CheckoutRoute />, {
      route: '/checkout',
      session: signedInSession(),
    });
    const address = await screen.findByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.type(address, 'Gate 3, 9 Harbour Road');
    answer.resolve(
      json(company('none', [{ label: 'Yard', address: 'Pier 21, 1055 Marginal Road, Halifax' }])),
    );
    expect(
      await screen.findByRole('combobox', { name: 'Company delivery address' }),
    ).toBeInTheDocument();
    expect(address).toHaveValue('Gate 3, 9 Harbour Road');
  });
});
