import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
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
    const server = fakeApi({ 'POST /api/addReview': () => json({ ok: true }, { status: 201 }) });

    await expect(
      api.post(
        '/addReview',
        { review: 'Good', ratings: 5 },
        { query: { a: 1, b: '', c: undefined } },
      ),
    ).resolves.toEqual({ ok: true });

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
    fakeApi({
      'GET /api/tools': () => json([{ _id: '1' }], { headers: { 'X-Total-Count': '41' } }),
      'GET /api/other': () => json([{ _id: '1' }, { _id: '2' }]),
    });

    await expect(api.getPage('/tools')).resolves.toEqual({ items: [{ _id: '1' }], total: 41 });
    await expect(api.getPage('/other')).resolves.toMatchObject({ total: 2 });
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
