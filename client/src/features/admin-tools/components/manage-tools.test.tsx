import type { Tool } from '@toolworks/contract/tools';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json } from '@/testing/fake-api';
import { buildTool, savedTool } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;

/** The shop's real routes at Manage Tools, with a tools API kept in memory. */
function setup(initial: Tool[], extra: Parameters<typeof fakeApi>[0] = {}) {
  let tools = [...initial];
  const api = fakeApi({
    [adminCheck]: () => json({ admin: true }),
    'GET /api/categories': () => json([{ slug: 'other', name: 'Other', count: 1 }]),
    'GET /api/tools': () => json(tools, { headers: { 'X-Total-Count': String(tools.length) } }),
    ...extra,
  });
  const view = renderApp({ route: '/dashboard/manageTools', session: signedInSession() });
  return { api, ...view, setTools: (next: Tool[]) => (tools = next), tools: () => tools };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('Manage Tools', () => {
  it('when the tools load, then each is a card with its facts, UPDATE and DELETE', async () => {
    setup([
      buildTool({ name: 'Bench Vise', price: 78, availableQuantity: 15, MinimumOrderQuantity: 10 }),
    ]);

    const vise = await card('Bench Vise');
    expect(within(vise).getByText('Price: $78.00')).toBeInTheDocument();
    expect(within(vise).getByText('MinimumOrderQuantity: 10')).toBeInTheDocument();
    expect(within(vise).getByText(/Availability: 15/)).toBeInTheDocument();
    expect(within(vise).getByText('Low stock')).toBeInTheDocument();
    expect(within(vise).getByRole('link', { name: 'Update Bench Vise' })).toHaveTextContent(
      'UPDATE',
    );
    expect(within(vise).getByRole('button', { name: 'Delete Bench Vise' })).toHaveTextContent(
      'DELETE',
    );
    expect(screen.getByText('1 tool, newest first')).toBeInTheDocument();
  });

  it('when DELETE is cancelled, then the question closes, nothing is deleted and focus goes back', async () => {
    const vise = buildTool({ name: 'Bench Vise' });
    const { api, user } = setup([vise]);
    const remove = within(await card('Bench Vise')).getByRole('button', {
      name: 'Delete Bench Vise',
    });

    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
    expect(dialog).toHaveAccessibleDescription(/Bench Vise will be removed from the catalogue/);
    expect(within(dialog).getByRole('button', { name: 'No, keep' })).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(await card('Bench Vise')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('when DELETE is confirmed, then the tool is deleted and leaves the grid', async () => {
    const vise = buildTool({ name: 'Bench Vise' });
    const drill = buildTool({ name: 'Cordless Drill' });
    const world = setup([drill, vise], {
      [`DELETE /api/delete/${vise._id}`]: () => {
        world.setTools(world.tools().filter((t) => t._id !== vise._id));
        return json({ deletedCount: 1 });
      },
    });

    await world.user.click(
      within(await card('Bench Vise')).getByRole('button', { name: 'Delete Bench Vise' }),
    );
    await world.user.click(screen.getByRole('button', { name: 'Yes, delete' }));

    expect(
      (await screen.findByText('Bench Vise was deleted')).closest('[role="status"]'),
    ).not.toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Bench Vise' })).not.toBeInTheDocument(),
    );
    expect(await card('Cordless Drill')).toBeInTheDocument();
    expect(world.api.requestsTo(`/api/delete/${vise._id}`)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Manage Tools' })).toHaveFocus();
  });

  it('when UPDATE is used, then the form opens with the values, and saving sends them and comes back', async () => {
    const vise = buildTool({
      name: 'Bench Vise',
      price: 78,
      availableQuantity: 40,
      MinimumOrderQuantity: 10,
    });
    const world = setup([vise], {
      [`GET /api/tool/${vise._id}`]: () => json(world.tools()[0]),
      [`PUT /api/tool/${vise._id}`]: ({ body }) => {
        const saved = savedTool(body, vise);
        world.setTools([saved]);
        return json(saved);
      },
    });

    await world.user.click(
      within(await card('Bench Vise')).getByRole('link', { name: 'Update Bench Vise' }),
    );

    const form = await screen.findByRole('form', { name: 'Update Bench Vise' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Bench Vise');
    expect(within(form).getByLabelText('SKU (part number)')).toHaveValue(vise.sku);
    expect(within(form).getByLabelText('Image URL')).toHaveValue(vise.img);
    expect(within(form).getByLabelText('Price (USD)')).toHaveValue('78');
    expect(within(form).getByLabelText('Availability')).toHaveValue('40');
    expect(within(form).getByLabelText('Minimum order quantity')).toHaveValue('10');
    expect(within(form).getByLabelText('Description')).toHaveValue(vise.description);

    await world.user.clear(within(form).getByLabelText('Name'));
    await world.user.type(within(form).getByLabelText('Name'), 'Bench Vise XL');
    await world.user.clear(within(form).getByLabelText('Price (USD)'));
    await world.user.type(within(form).getByLabelText('Price (USD)'), '82.5');
    await world.user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { name: 'Manage Tools' })).toBeInTheDocument();
    expect(await screen.findByText('Bench Vise XL was updated')).toBeInTheDocument();
    const puts = world.api.requestsTo(`/api/tool/${vise._id}`).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.body)).toEqual([
      {
        sku: vise.sku,
        name: 'Bench Vise XL',
        img: vise.img,
        price: 82.5,
        description: vise.description,
        availableQuantity: 40,
        MinimumOrderQuantity: 10,
        category: 'measuring',
        specs: [],
        datasheetUrl: null,
        previousAvailableQuantity: 40,
        priceTiers: [],
        leadTimeDays: null,
        allowBackorders: false,
        incomingStock: [],
        unit: 'C62',
        packSize: 1,
        orderMultiple: 1,
        priceBasis: 1,
        taxClass: 'standard',
      },
    ]);
    expect(within(await card('Bench Vise XL')).getByText('Price: $82.50')).toBeInTheDocument();
  });

  it('when orders moved the stock while editing, then the refusal shows at Availability and the next save uses the new stock', async () => {
    const vise = buildTool({ name: 'Bench Vise', availableQuantity: 40, MinimumOrderQuantity: 10 });
    let stock = 40;
    const message =
      'Orders changed the availability to 25 while you were editing. Check it and save again.';
    const world = setup([vise], {
      [`GET /api/tool/${vise._id}`]: () => json({ ...vise, availableQuantity: stock }),
      [`PUT /api/tool/${vise._id}`]: ({ body }) => {
        const sent = body as { previousAvailableQuantity: number; availableQuantity: number };
        if (sent.previousAvailableQuantity !== stock)
          return json(
            {
              error: {
                code: 'CONFLICT',
                message,
                details: [{ path: 'availableQuantity', message, availableQuantity: stock }],
              },
            },
            { status: 409 },
          );
        const saved = { ...vise, availableQuantity: sent.availableQuantity };
        world.setTools([saved]);
        return json(saved);
      },
    });

    await world.user.click(
      within(await card('Bench Vise')).getByRole('link', { name: 'Update Bench Vise' }),
    );
    const form = await screen.findByRole('form', { name: 'Update Bench Vise' });
    stock = 25; // a customer bought 15 while the form was open
    const availability = within(form).getByLabelText('Availability');
    await world.user.clear(availability);
    await world.user.type(availability, '100');
    await world.user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(availability).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    expect(availability).toHaveValue('100');

    await world.user.clear(availability);
    await world.user.type(availability, '85');
    await world.user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bench Vise was updated')).toBeInTheDocument();
    const puts = world.api.requestsTo(`/api/tool/${vise._id}`).filter((r) => r.method === 'PUT');
    expect(
      puts.map((r) => (r.body as { previousAvailableQuantity: number }).previousAvailableQuantity),
    ).toEqual([40, 25]);
  });

  it('when the sign-in is still being checked, then a loading screen with a loading button shows', async () => {
    const answer = deferred<Response>();
    fakeApi({ [adminCheck]: () => answer.promise });
    renderApp({ route: '/dashboard/manageTools', session: signedInSession() });

    expect(await screen.findByRole('button', { name: 'Loading…' })).toBeDisabled();
    answer.resolve(json({ admin: false }));
    expect(await screen.findByText("This page is for the shop's admins.")).toBeInTheDocument();
  });
});
