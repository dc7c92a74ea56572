import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/features/auth/stored-session';
import { fakeAccessToken, renderWithAuth } from '@/features/auth/testing/render-with-auth';
import { buildLine, cartOf } from '@/features/cart/test-carts';
import { buildProfile } from '@/testing/factories';
import { fakeApi, json } from '@/testing/fake-api';
import { testQueryClient } from '@/testing/render';
import { prefetchPageData } from './prefetch-page-data';

vi.mock(
  '@/lib/firebase',
  async () => (await import('@/features/auth/testing/fake-firebase')).fakeFirebaseModule,
);

const email = 'casey@example.com';
const detailsPath = `/api/userDetails/${encodeURIComponent(email)}`;
const profile = buildProfile({ email_address: email });
const cart = cartOf([buildLine({ name: 'Bench Vise', quantity: 10, unitPrice: 2.5 })]);

function shop() {
  return fakeApi({
    'GET /api/cart': () => json(cart),
    [`GET ${detailsPath}`]: () => json(profile),
  });
}
const paths = (api: ReturnType<typeof fakeApi>) => api.requests.map((r) => r.url.pathname);

afterEach(() => window.localStorage.clear());

describe('the first API reads of a returning buyer’s cart and checkout', () => {
  it('when a signed-in buyer opens checkout, then the cart, their details and their company are asked for before the page renders, once each, and the page shows those answers', async () => {
    saveSession(fakeAccessToken(email), { email, displayName: 'Casey Jones' });
    const api = shop();
    const queryClient = testQueryClient();

    await prefetchPageData(queryClient, '/checkout');
    expect(paths(api).sort()).toEqual(['/api/cart', '/api/company', detailsPath]);
    expect(api.requests.every((r) => r.headers.get('Authorization')?.startsWith('Bearer '))).toBe(
      true,
    );

    renderWithAuth('/checkout', { queryClient });
    expect(await screen.findByRole('textbox', { name: 'Address' })).toHaveValue(
      'Dock 4, 80 Water Street, Halifax',
    );
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 902 555 0100');
    expect(within(screen.getByRole('complementary')).getByRole('status')).toHaveTextContent(
      '$25.00',
    );
    expect(api.requestsTo('/api/cart')).toHaveLength(1);
    expect(api.requestsTo(detailsPath)).toHaveLength(1);
    expect(api.requestsTo('/api/company')).toHaveLength(1);
  });

  it('when they open the cart, then the cart and their details are asked for, not the company', async () => {
    saveSession(fakeAccessToken(email), { email, displayName: 'Casey Jones' });
    const api = shop();

    await prefetchPageData(testQueryClient(), '/cart');
    expect(paths(api).sort()).toEqual(['/api/cart', detailsPath]);
  });

  it('when the page is another one, nobody is signed in, or the stored token is about to expire, then nothing is asked for', async () => {
    const api = shop();
    await prefetchPageData(testQueryClient(), '/checkout');
    saveSession(fakeAccessToken(email), { email, displayName: 'Casey Jones' });
    await prefetchPageData(testQueryClient(), '/tools');
    await prefetchPageData(testQueryClient(), '/dashboard');
    saveSession(fakeAccessToken(email, 30), { email, displayName: 'Casey Jones' });
    await prefetchPageData(testQueryClient(), '/checkout');

    expect(api.requests).toEqual([]);
  });
});
