import fc from 'fast-check';
import type { RouteSpec } from './bad-input-routes.js';
import { badId, long } from './bad-input-values.js';

/**
 * The tool photo routes. Their valid parts name a photo the fixture tool does not have (a well
 * formed id), so nothing a malformed request could reach would change the store.
 */
const NO_SUCH_IMAGE = '0123456789abcdef01234567';
const toolId = { valid: (f: { toolId: string }) => f.toolId, bad: badId };
const badFile = fc.constantFrom(
  '',
  'x.webp',
  `${NO_SUCH_IMAGE}-320.png`,
  `${NO_SUCH_IMAGE}-320.webp.tmp`,
  `${NO_SUCH_IMAGE}-12345.webp`,
  `..%2F..%2Fshop.db`,
  `${NO_SUCH_IMAGE.toUpperCase()}-320.webp`,
  long(300),
);

export const toolImageRoutes: RouteSpec[] = [
  { method: 'post', path: '/tools/:id/images', credentials: 'admin', params: { id: toolId } },
  {
    method: 'patch',
    path: '/tools/:id/images',
    credentials: 'admin',
    params: { id: toolId },
    body: {
      valid: () => ({ imageIds: [NO_SUCH_IMAGE] }),
      bad: {
        imageIds: fc.oneof(
          fc.constantFrom(
            [],
            'abc',
            null,
            {},
            [1],
            Array.from({ length: 13 }, () => NO_SUCH_IMAGE),
          ),
          badId.map((id) => [id]),
        ),
      },
      required: ['imageIds'],
    },
  },
  {
    method: 'delete',
    path: '/tools/:id/images/:imageId',
    credentials: 'admin',
    params: { id: toolId, imageId: { valid: () => NO_SUCH_IMAGE, bad: badId } },
  },
  {
    method: 'get',
    path: '/images/:toolId/:file',
    credentials: 'none',
    params: { toolId, file: { valid: () => `${NO_SUCH_IMAGE}-320.webp`, bad: badFile } },
  },
];
