import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi, json, toolsListHandler } from '@/testing/fake-api';
import { renderWithAuth } from './testing/render-with-auth';

// Counts loads of the Firebase SDK's module (lib/firebase.ts), faked as everywhere in the tests.
const sdk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@/lib/firebase', async () => {
  sdk.loads += 1;
  return (await import('./testing/fake-firebase')).fakeFirebaseModule;
});

// In this order: the SDK, once loaded, stays loaded for the rest of the file.
describe('the Firebase SDK, for a visitor who never signed in here', () => {
  it('when they browse the shop, then it is not loaded', async () => {
    fakeApi({ 'GET /api/tools': toolsListHandler([]), 'GET /api/allReviews': () => json([]) });
    renderWithAuth('/');

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sdk.loads).toBe(0);
  });

  it('when they open the login page, then it starts loading before they sign in', async () => {
    fakeApi({});
    renderWithAuth('/login');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(sdk.loads).toBe(1));
  });
});
