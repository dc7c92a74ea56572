import type { Quote } from '@toolworks/contract/quotes';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AdminQuotes } from './admin-quotes';
import { MyQuotes } from './my-quotes';
import { RequestQuoteButton } from './request-quote-button';

const toolId = 'a'.repeat(24);
const quote = (overrides: Partial<Quote> = {}): Quote => ({
  _id: 'b'.repeat(24),
  number: 'Q-100012',
  status: 'requested',
  items: [{ toolId, name: 'Tiered Clamp', quantity: 400, listUnitPrice: 10.75 }],
  requestedDeliveryDate: '2030-06-30',
  message: 'For a site in June.',
  userName: 'Casey Jones',
  userEmail: 'casey@example.com',
  userPhone: '+1 555 0100',
  userAddress: '1 Mill Road, Leeds',
  version: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});
const session = signedInSession();

describe('Request a quote', () => {
  it('when the form is sent, then the lines and details are posted and the number is shown', async () => {
    const api = fakeApi({ 'POST /api/quotes': () => json(quote(), { status: 201 }) });
    const { user } = renderFeature(
      <RequestQuoteButton lines={[{ toolId, name: 'Tiered Clamp', quantity: 10 }]} />,
      { session },
    );
    const open = screen.getByRole('button', { name: 'Request a quote' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    const quantity = screen.getByLabelText('Quantity of Tiered Clamp');
    await user.clear(quantity);
    await user.type(quantity, '400');
    await user.type(screen.getByLabelText('Requested delivery date'), '2030-06-30');
    await user.type(screen.getByLabelText('Message'), 'For a site in June.');
    await user.type(screen.getByLabelText('Phone for the quote'), '+1 555 0100');
    await user.type(screen.getByLabelText('Delivery address'), '1 Mill Road, Leeds');
    await user.click(screen.getByRole('button', { name: 'Send quote request' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Quote Q-100012 requested');
    expect(api.requestsTo('/api/quotes')[0]?.body).toEqual({
      items: [{ toolId, quantity: 400 }],
      requestedDeliveryDate: '2030-06-30',
      message: 'For a site in June.',
      userPhone: '+1 555 0100',
      userAddress: '1 Mill Road, Leeds',
    });
  });
  it('when the form is sent twice at once (a double click while its check loads), then one quote is asked for', async () => {
    const api = fakeApi({ 'POST /api/quotes': () => json(quote(), { status: 201 }) });
    const defaults = {
      userName: 'Casey Jones',
      userPhone: '+1 555 0100',
      userAddress: '1 Mill Road, Leeds',
    };
    renderFeature(
      <RequestQuoteButton
        lines={[{ toolId, name: 'Tiered Clamp', quantity: 400 }]}
        defaults={defaults}
        initiallyOpen
      />,
      { session },
    );
    const form = screen.getByRole('form', { name: 'Request a quote' });
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(await screen.findByRole('status')).toHaveTextContent('Quote Q-100012 requested');
    expect(api.requestsTo('/api/quotes')).toHaveLength(1);
  });
});

describe('My Quotes', () => {
  const offered = quote({
    status: 'offered',
    validUntil: '2030-01-31',
    total: 3800,
    version: 2,
    items: [{ toolId, name: 'Tiered Clamp', quantity: 400, listUnitPrice: 10.75, unitPrice: 9.5 }],
  });

  it('when an offer is accepted, then the buyer goes to the payment page of the new order', async () => {
    const orderId = 'c'.repeat(24);
    const api = fakeApi({
      'GET /api/quotes/mine': () =>
        json([offered, quote({ _id: 'd'.repeat(24), number: 'Q-100011' })]),
      [`POST /api/quotes/${offered._id}/accept`]: () =>
        json(
          {
            quote: { ...offered, status: 'accepted' },
            order: buildOrder({
              _id: orderId,
              toolId,
              name: 'Tiered Clamp',
              quoteNumber: 'Q-100012',
            }),
          },
          { status: 201 },
        ),
    });
    const { user } = renderFeature(<MyQuotes />, { session });
    const card = (await screen.findByRole('heading', { name: 'Quote Q-100012' })).closest(
      'article',
    );
    expect(within(card as HTMLElement).getByText('offered')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('$9.50')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('Valid until Jan 31, 2030')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Accept and pay/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Accept and pay Q-100012' }));

    expect(await screen.findByText(`/dashboard/payment/${orderId}`)).toBeInTheDocument();
    // The offer shown is the one accepted: its version goes with the acceptance.
    expect(api.requestsTo(`/api/quotes/${offered._id}/accept`)[0]?.body).toEqual({ version: 2 });
  });

  it('when acceptance is refused, then the reason shows and the buyer stays', async () => {
    fakeApi({
      'GET /api/quotes/mine': () => json([offered]),
      [`POST /api/quotes/${offered._id}/accept`]: () =>
        apiError(409, 'OUT_OF_STOCK', 'Sorry, 400 of Tiered Clamp are not in stock right now.'),
    });
    const { user } = renderFeature(<MyQuotes />, { route: '/dashboard/my-quotes', session });
    await user.click(await screen.findByRole('button', { name: 'Accept and pay Q-100012' }));
    expect(await screen.findByText(/not in stock right now/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-quotes');
  });

  it('when the offer changed since it was shown, then the message stays and the new offer is shown to accept', async () => {
    const reoffered = {
      ...offered,
      version: 3,
      total: 4000,
      offerNote: 'Price of steel went up.',
      items: [{ ...offered.items[0]!, unitPrice: 10 }],
    };
    let current: Quote = offered;
    const message =
      'The offer changed since you saw it: it is now $4,000.00, valid until 2030-01-31. Review the new offer and accept it if it suits you.';
    const api = fakeApi({
      'GET /api/quotes/mine': () => json([current]),
      [`POST /api/quotes/${offered._id}/accept`]: () => {
        current = reoffered;
        return apiError(409, 'PRICE_CHANGED', message);
      },
    });
    const { user } = renderFeature(<MyQuotes />, { route: '/dashboard/my-quotes', session });
    await user.type(
      await screen.findByLabelText('Purchase order reference for Q-100012 (optional)'),
      'PO-4471',
    );
    await user.click(screen.getByRole('button', { name: 'Accept and pay Q-100012' }));

    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(await screen.findByText('Offered total: $4,000.00')).toBeInTheDocument();
    expect(screen.getByText('Note from us: Price of steel went up.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-quotes');
    expect(api.requestsTo(`/api/quotes/${offered._id}/accept`)[0]?.body).toEqual({
      version: 2,
      poReference: 'PO-4471',
    });
  });

  it('when a quote was accepted, then it links to its order', async () => {
    const orderId = 'c'.repeat(24);
    fakeApi({
      'GET /api/quotes/mine': () => json([{ ...offered, status: 'accepted', orderId }]),
    });
    renderFeature(<MyQuotes />, { session });
    const link = await screen.findByRole('link', { name: 'See the order for quote Q-100012' });
    expect(link).toHaveAttribute('href', `/dashboard/orders/${orderId}`);
    expect(screen.queryByRole('button', { name: /^Accept and pay/ })).not.toBeInTheDocument();
  });

  it('when there are no quotes, then it says how to ask for one', async () => {
    fakeApi({ 'GET /api/quotes/mine': () => json([]) });
    renderFeature(<MyQuotes />, { session });
    expect(await screen.findByText('You have no quotes yet.')).toBeInTheDocument();
  });
});

describe('the admin Quotes page', () => {
  it('when an admin offers prices, then each line price and the date are sent', async () => {
    const api = fakeApi({
      'GET /api/quotes': () => json([quote()]),
      [`PATCH /api/quotes/${'b'.repeat(24)}`]: () => json(quote({ status: 'offered' })),
    });
    const { user } = renderFeature(<AdminQuotes />, { session });
    const price = await screen.findByLabelText('Unit price for Tiered Clamp');
    expect(api.requestsTo('/api/quotes')[0]?.url.search).toBe('?status=requested');
    await user.click(screen.getByRole('button', { name: 'Offer' }));
    expect(
      await screen.findByText('Valid until must be a date like 2027-03-31'),
    ).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '9.50');
    await user.type(screen.getByLabelText('Valid until'), '2030-01-31');
    await user.click(screen.getByRole('button', { name: 'Offer' }));

    expect(await screen.findByText('Quote Q-100012 offered')).toBeInTheDocument();
    expect(api.requestsTo(`/api/quotes/${'b'.repeat(24)}`)[0]?.body).toEqual({
      items: [{ toolId, unitPrice: 9.5 }],
      validUntil: '2030-01-31',
    });
  });

  it("when a line asks for more than the stock, then the card shows each line's stock and the shortfall", async () => {
    fakeApi({
      'GET /api/quotes': () =>
        json([
          quote({
            items: [
              {
                toolId,
                name: 'Tiered Clamp',
                quantity: 400,
                listUnitPrice: 10.75,
                availableQuantity: 50,
              },
              {
                toolId: 'e'.repeat(24),
                name: 'Bench Vise',
                quantity: 20,
                listUnitPrice: 30,
                availableQuantity: 80,
              },
            ],
          }),
        ]),
    });
    renderFeature(<AdminQuotes />, { session });
    const table = await screen.findByRole('table', { name: 'Lines of quote Q-100012' });
    expect(within(table).getByRole('columnheader', { name: 'In stock' })).toBeInTheDocument();
    const [, clamp, vise] = within(table).getAllByRole('row');
    expect(clamp).toHaveTextContent('50 (short by 350)');
    expect(vise).toHaveTextContent('80');
  });

  it('when an admin offers with a note, then the note is sent; an accepted quote links its order', async () => {
    const orderId = 'c'.repeat(24);
    const api = fakeApi({
      'GET /api/quotes': () =>
        json([
          quote(),
          quote({ _id: 'd'.repeat(24), number: 'Q-100011', status: 'accepted', orderId }),
        ]),
      [`PATCH /api/quotes/${'b'.repeat(24)}`]: () => json(quote({ status: 'offered' })),
    });
    const { user } = renderFeature(<AdminQuotes />, { session });
    await user.type(await screen.findByLabelText('Valid until'), '2030-01-31');
    expect(screen.getByRole('link', { name: 'See the order for quote Q-100011' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${orderId}`,
    );
    await user.type(screen.getByLabelText('Note to the buyer (optional)'), 'Ships in two lots.');
    await user.click(screen.getByRole('button', { name: 'Offer' }));
    expect(await screen.findByText('Quote Q-100012 offered')).toBeInTheDocument();
    expect(api.requestsTo(`/api/quotes/${'b'.repeat(24)}`)[0]?.body).toMatchObject({
      validUntil: '2030-01-31',
      note: 'Ships in two lots.',
    });
  });

  it('when an admin declines, then a dialog confirms and the reason is sent', async () => {
    const api = fakeApi({
      'GET /api/quotes': () => json([quote()]),
      [`PATCH /api/quotes/${'b'.repeat(24)}`]: () => json(quote({ status: 'declined' })),
    });
    const { user } = renderFeature(<AdminQuotes />, { session });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(screen.getByText('Give a reason')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason to decline'), 'Cannot make 400 by June.');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Decline quote Q-100012?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Quote Q-100012 declined')).toBeInTheDocument();
    expect(api.requestsTo(`/api/quotes/${'b'.repeat(24)}`)[0]?.body).toEqual({
      decline: true,
      reason: 'Cannot make 400 by June.',
    });
  });
});
