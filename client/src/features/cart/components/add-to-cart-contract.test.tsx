import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { buildLine, cartOf } from '../test-carts';
import { AddToCartButton } from './add-to-cart-button';

describe('adding a tool with a contract minimum', () => {
  it("when a company's list sets its own minimum, then a card adds that many", async () => {
    const tool = buildTool({
      name: 'Bit Set',
      MinimumOrderQuantity: 10,
      availableQuantity: 500,
      contractPrice: {
        price: 7.9,
        priceTiers: [],
        priceListName: 'Distributor',
        listPrice: 12.4,
        minimumOrderQuantity: 20,
        orderMultiple: 1,
      },
    });
    const line = buildLine({ toolId: tool._id, name: tool.name, quantity: 20 });
    const api = fakeApi({
      'GET /api/cart': () => json(cartOf([])),
      [`PUT /api/cart/${tool._id}`]: () => json(cartOf([line])),
    });
    renderFeature(<AddToCartButton tool={tool} />, { session: signedInSession() });
    await userEvent.click(await screen.findByRole('button', { name: /Add to cart/ }));
    await waitFor(() =>
      expect(api.requestsTo(`/api/cart/${tool._id}`).map((r) => r.body)).toEqual([
        { quantity: 20 },
      ]),
    );
  });
});
