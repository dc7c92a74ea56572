import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildReview, buildTool, buildTools } from '@/testing/factories';
import { setAccessToken } from './access-token';
import { api, ApiError, setUnauthorizedHandler } from './api-client';
import { shouldRetry } from './query-client';

afterEach(() => setUnauthorizedHandler(undefined));

describe('api client', () => {
  it('when a token is stored, then it is sent as a bearer header; without one, none is sent', async () => {
    const server = fakeApi({ 'GET /api/tools': () => json([]) });

    await api.get('/tools');
    setAccessToken('token-123');
    await api.get('/tools');

    expect(server.requests[0]!.headers.has('Authorization')).toBe(false);
    expect(server.requests[1]!.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('when sending a body and a query, then it is JSON and empty parameters are left out', async () => {
    const review = buildReview({ review: 'Good' });
    const server = fakeApi({ 'POST /api/addReview': () => json(review, { status: 201 }) });

    await expect(
      api.post(
        '/addReview',
        { review: 'Good', ratings: 5 },
        { query: { a: 1, b: '', c: undefined } },
      ),
    ).resolves.toEqual(review);

    const [request] = server.requests;
    expect(request!.url.search).toBe('?a=1');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.body).toEqual({ review: 'Good', ratings: 5 });
  });

  it('when the server answers an error body, then an ApiError carries its status, code and message', async () => {
    fakeApi({ 'GET /api/tool/abc': () => apiError(400, 'VALIDATION_ERROR', 'Malformed id') });

    const error = await api.get('/tool/abc').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Malformed id' });
  });

  it('when the answer is not our error shape, then the message is still friendly', async () => {
    fakeApi({ 'GET /api/tools': () => new Response('<html>Bad gateway</html>', { status: 502 }) });

    await expect(api.get('/tools')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'Something went wrong (error 502). Please try again.',
    });
  });

  it('when the network fails, then the error says the shop could not be reached', async () => {
    fakeApi({ 'GET /api/tools': () => Promise.reject(new TypeError('Failed to fetch')) });

    await expect(api.get('/tools')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('when a list is fetched, then the total comes from X-Total-Count', async () => {
    const tools = buildTools(2);
    fakeApi({
      'GET /api/tools': ({ url }) =>
        url.searchParams.has('page')
          ? json(tools.slice(0, 1), { headers: { 'X-Total-Count': '41' } })
          : json(tools),
    });

    await expect(api.getPage('/tools', { query: { page: 1 } })).resolves.toEqual({
      items: tools.slice(0, 1),
      total: 41,
    });
    await expect(api.getPage('/tools')).resolves.toMatchObject({ total: 2 });
  });

  it('when an answer is outside the contract, then the call fails naming the route and the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { price: _price, ...noPrice } = buildTool();
    fakeApi({ 'GET /api/tools': () => json([noPrice]) });

    await expect(api.get('/tools', { query: { page: 1 } })).rejects.toThrow(
      'GET /tools answered outside the contract: 0.price: Invalid input: expected number, received undefined',
    );
  });

  it('when a route has no response schema, then the call fails saying where to add one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/not-in-the-contract': () => json({}) });

    await expect(api.get('/not-in-the-contract')).rejects.toThrow(
      'GET /not-in-the-contract has no response schema: add it to lib/response-contract.ts',
    );
  });

  it('when a signed-in call gets 401, then the unauthorized hook runs; a 403 runs it only when the call asks', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fakeApi({
      'GET /api/myOrders/a%40b.c': () => apiError(403, 'FORBIDDEN', 'Not yours'),
      'GET /api/users': () => apiError(401, 'UNAUTHENTICATED', 'Sign in again'),
    });

    await expect(api.get('/users')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    setAccessToken('expired');
    await expect(api.get('/users')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.get('/myOrders/a%40b.c')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.get('/myOrders/a%40b.c', { signOutOn: [401, 403] })).rejects.toMatchObject({
      status: 403,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });
});

describe('query retry policy', () => {
  it('when a call fails with a 4xx, then it is not retried; other failures get one retry', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'INTERNAL', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
  });
});
