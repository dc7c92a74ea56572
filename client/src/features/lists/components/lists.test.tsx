import type { SavedList, SavedListSummary } from '@toolworks/contract/lists';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { AddToList } from './add-to-list';
import { SavedListPage } from './saved-list-page';
import { SavedListsPage } from './saved-lists-page';

const session = signedInSession();
const listId = 'a'.repeat(24);
const drillId = 'b'.repeat(24);
const clampId = 'c'.repeat(24);
const summary = (overrides: Partial<SavedListSummary> = {}): SavedListSummary => ({
  _id: listId,
  name: 'Van restock',
  owned: true,
  shared: false,
  ownerEmail: 'casey@example.com',
  lineCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const list = (overrides: Partial<SavedList> = {}): SavedList => ({
  ...summary(),
  lines: [
    {
      toolId: drillId,
      name: 'Cordless Drill',
      quantity: 10,
      status: 'available',
      unitPrice: 20,
      lineTotal: 200,
      availableQuantity: 100,
      MinimumOrderQuantity: 5,
    },
    {
      toolId: clampId,
      name: 'Old Clamp',
      quantity: 4,
      status: 'unavailable',
      unitPrice: null,
      lineTotal: null,
      availableQuantity: 0,
      MinimumOrderQuantity: null,
    },
  ],
  total: 200,
  ...overrides,
});

describe('Saved lists page', () => {
  it('when the buyer has no lists, then the empty state shows; creating one posts the trimmed name', async () => {
    let lists: SavedListSummary[] = [];
    const api = fakeApi({
      'GET /api/lists': () => json(lists),
      'POST /api/lists': ({ body }) => {
        lists = [summary({ name: (body as { name: string }).name, lineCount: 0 })];
        return json(
          { ...list({ name: 'Workshop', lines: [], total: 0 }), lineCount: 0 },
          { status: 201 },
        );
      },
    });
    const { user } = renderFeature(<SavedListsPage />, { session });
    expect(await screen.findByText('You have no saved lists yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Enter a name for the list')).toBeInTheDocument();
    expect(api.requestsTo('/api/lists').filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('New list name'), '  Workshop  ');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByRole('link', { name: 'Workshop' })).toBeInTheDocument();
    expect(api.requestsTo('/api/lists').find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Workshop',
    });
    expect(screen.getByText('0 tools')).toBeInTheDocument();
  });

  it("when the owner ticks Share with my company, then the sharing is sent and the box stays ticked; a colleague's shared list shows its owner without Rename or Delete", async () => {
    const colleagues = summary({
      _id: 'd'.repeat(24),
      name: 'Site kit',
      owned: false,
      shared: true,
      ownerEmail: 'olive@example.com',
    });
    let lists = [summary(), colleagues];
    const api = fakeApi({
      'GET /api/lists': () => json(lists),
      [`PUT /api/lists/${listId}/sharing`]: ({ body }) => {
        const shared = (body as { shared: boolean }).shared;
        lists = [summary({ shared }), colleagues];
        return json(list({ shared }));
      },
    });
    const { user } = renderFeature(<SavedListsPage />, { session });
    const box = await screen.findByRole('checkbox', { name: 'Share Van restock with my company' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(api.requestsTo(`/api/lists/${listId}/sharing`)[0]?.body).toEqual({ shared: true });

    expect(screen.getByText(/shared by olive@example\.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Site kit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Site kit' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Share Site kit with my company' }),
    ).not.toBeInTheDocument();
  });

  it('when sharing is refused (no company), then the reason shows', async () => {
    fakeApi({
      'GET /api/lists': () => json([summary()]),
      [`PUT /api/lists/${listId}/sharing`]: () =>
        apiError(409, 'CONFLICT', 'Only members of a company can share a list: join one first'),
    });
    const { user } = renderFeature(<SavedListsPage />, { session });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Share Van restock with my company' }),
    );
    const reason = await screen.findByText(
      'Only members of a company can share a list: join one first',
    );
    expect(reason).toHaveAttribute('role', 'alert');
  });

  it('when a list is renamed to a taken name, then the server message shows by the field', async () => {
    fakeApi({
      'GET /api/lists': () => json([summary()]),
      [`PATCH /api/lists/${listId}`]: () =>
        apiError(409, 'CONFLICT', 'You already have a list called "Shop"'),
    });
    const { user } = renderFeature(<SavedListsPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Rename Van restock' }));
    const name = screen.getByLabelText('New name for Van restock');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Shop');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('You already have a list called "Shop"')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('when Delete is confirmed, then the list is deleted; Keep list leaves it', async () => {
    let lists = [summary()];
    const api = fakeApi({
      'GET /api/lists': () => json(lists),
      [`DELETE /api/lists/${listId}`]: () => {
        lists = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderFeature(<SavedListsPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Delete Van restock' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep list' }));
    expect(api.requestsTo(`/api/lists/${listId}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Van restock' }));
    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    expect(await screen.findByText('You have no saved lists yet.')).toBeInTheDocument();
    expect(api.requestsTo(`/api/lists/${listId}`)[0]?.method).toBe('DELETE');
  });

  it('when the lists cannot load, then the error and a retry show', async () => {
    fakeApi({ 'GET /api/lists': () => apiError(400, 'VALIDATION_ERROR', 'Nope') });
    renderFeature(<SavedListsPage />, { session });
    expect(await screen.findByText("We couldn't load your lists.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('One saved list', () => {
  it('when lines show, then a tool no longer sold says so; quantities are saved and lines removed', async () => {
    let current = list();
    const api = fakeApi({
      [`GET /api/lists/${listId}`]: () => json(current),
      [`PATCH /api/lists/${listId}/lines/${drillId}`]: ({ body }) => {
        const quantity = (body as { quantity: number }).quantity;
        const [drill, clamp] = list().lines;
        current = list({ lines: [{ ...drill!, quantity, lineTotal: quantity * 20 }, clamp!] });
        return json(current);
      },
      [`DELETE /api/lists/${listId}/lines/${clampId}`]: () => {
        current = { ...current, lines: current.lines.slice(0, 1) };
        return json(current);
      },
    });
    const { user } = renderFeature(<SavedListPage listId={listId} />, { session });
    expect(await screen.findByRole('heading', { name: 'Van restock' })).toBeInTheDocument();
    expect(screen.getByText('No longer available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cordless Drill' })).toHaveAttribute(
      'href',
      `/tool/${drillId}`,
    );

    const quantity = screen.getByLabelText('Quantity of Cordless Drill');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(api.requestsTo(`/api/lists/${listId}/lines/${drillId}`)).toHaveLength(0);

    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('$20.00 each · $500.00')).toBeInTheDocument();
    expect(api.requestsTo(`/api/lists/${listId}/lines/${drillId}`)[0]?.body).toEqual({
      quantity: 25,
    });

    await user.click(screen.getByRole('button', { name: 'Remove Old Clamp' }));
    await waitFor(() => expect(screen.queryByText('No longer available')).not.toBeInTheDocument());
    expect(api.requestsTo(`/api/lists/${listId}/lines/${clampId}`)[0]?.method).toBe('DELETE');
  });

  it('when Add all to cart answers, then the lines not added as listed are named', async () => {
    fakeApi({
      [`GET /api/lists/${listId}`]: () => json(list()),
      [`POST /api/lists/${listId}/cart`]: () =>
        json({
          lines: [
            {
              toolId: drillId,
              name: 'Cordless Drill',
              requested: 10,
              status: 'added',
              quantity: 10,
              message: 'Added',
            },
            {
              toolId: clampId,
              name: 'Old Clamp',
              requested: 4,
              status: 'refused',
              message: 'This tool is no longer sold',
            },
          ],
          cart: { items: [], total: 200 },
        }),
    });
    const { user } = renderFeature(<SavedListPage listId={listId} />, { session });
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    const report = (await screen.findByText('1 of 2 lines were added as listed.')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(report).toHaveTextContent('Old Clamp: This tool is no longer sold (not added)');
    expect(within(report).getByRole('link', { name: 'Go to your cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
  });

  it("when the list is someone else's or gone, then it says so, with the way back", async () => {
    fakeApi({ [`GET /api/lists/${listId}`]: () => apiError(404, 'NOT_FOUND', 'List not found') });
    renderFeature(<SavedListPage listId={listId} />, { session });
    expect(await screen.findByText("We couldn't find this list.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Saved lists' })).toBeInTheDocument();
  });
});

describe('Add to list', () => {
  const drill = { toolId: drillId, name: 'Cordless Drill', quantity: 5 };

  it('when the buyer has no list, then they name a new one and the tool goes in with the quantity', async () => {
    const newId = 'd'.repeat(24);
    const api = fakeApi({
      'GET /api/lists': () => json([]),
      'POST /api/lists': () => json(list({ _id: newId, name: 'Van', lines: [] }), { status: 201 }),
      [`POST /api/lists/${newId}/lines`]: () => json(list({ _id: newId, name: 'Van' })),
    });
    const { user } = renderFeature(<AddToList lines={[drill]} editableQuantity />, { session });
    const open = screen.getByRole('button', { name: 'Add to list' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByLabelText('List')).toHaveValue('new');
    await user.click(screen.getByRole('button', { name: 'Save to list' }));
    expect(await screen.findByText('Enter a name for the list')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New list name'), 'Van');
    const quantity = screen.getByLabelText('Quantity for the list');
    expect(quantity).toHaveValue('5');
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(screen.getByRole('button', { name: 'Save to list' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Added to Van.');
    expect(screen.getByRole('link', { name: 'View the list' })).toHaveAttribute(
      'href',
      `/dashboard/saved-lists/${newId}`,
    );
    expect(api.requestsTo('/api/lists').find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Van',
    });
    expect(api.requestsTo(`/api/lists/${newId}/lines`)[0]?.body).toEqual({
      toolId: drillId,
      quantity: 12,
    });
  });

  it("when an order's lines go to an existing list, then each is added with its quantity", async () => {
    const api = fakeApi({
      'GET /api/lists': () => json([summary({ _id: 'e'.repeat(24), name: 'Shop' }), summary()]),
      [`POST /api/lists/${listId}/lines`]: () => json(list()),
    });
    const clamp = { toolId: clampId, name: 'Clamp', quantity: 40 };
    const { user } = renderFeature(<AddToList lines={[drill, clamp]} />, { session });
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    await user.selectOptions(await screen.findByLabelText('List'), 'Van restock');
    expect(screen.queryByLabelText('New list name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save to list' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to Van restock.');
    expect(api.requestsTo(`/api/lists/${listId}/lines`).map((r) => r.body)).toEqual([
      { toolId: drillId, quantity: 5 },
      { toolId: clampId, quantity: 40 },
    ]);
  });

  it('when the form is sent twice at once (a double click while its check loads), then the tool is added once', async () => {
    const api = fakeApi({
      'GET /api/lists': () => json([summary()]),
      [`POST /api/lists/${listId}/lines`]: () => json(list()),
    });
    const { user } = renderFeature(<AddToList lines={[drill]} />, { session });
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    await screen.findByLabelText('List');
    const form = screen.getByRole('form', { name: 'Add to a saved list' });
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(await screen.findByRole('status')).toHaveTextContent('Added to Van restock.');
    expect(api.requestsTo(`/api/lists/${listId}/lines`)).toHaveLength(1);
  });

  it('when the server refuses, then its message shows and the form stays open', async () => {
    fakeApi({
      'GET /api/lists': () => json([summary()]),
      [`POST /api/lists/${listId}/lines`]: () =>
        apiError(409, 'CONFLICT', 'A list holds up to 500 tools'),
    });
    const { user } = renderFeature(<AddToList lines={[drill]} editableQuantity />, { session });
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    await screen.findByLabelText('List');
    await user.click(screen.getByRole('button', { name: 'Save to list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A list holds up to 500 tools');
    expect(screen.getByRole('button', { name: 'Save to list' })).toBeEnabled();
  });
});
