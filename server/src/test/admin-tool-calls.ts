import request from 'supertest';
import type { AdminTestApp } from './admin-test-app.js';

/** The admin's tool calls as the tool field tests make them: add, save, and read it back. */
export function adminToolCalls(shop: AdminTestApp) {
  return {
    add: (body: object) =>
      request(shop.app).post('/api/addtools').set('Authorization', shop.admin.bearer).send(body),
    save: (id: string, body: object) =>
      request(shop.app).put(`/api/tool/${id}`).set('Authorization', shop.admin.bearer).send(body),
    read: async (id: string) =>
      (await request(shop.app).get(`/api/tool/${id}`).expect(200)).body as Record<string, unknown>,
  };
}
