import sharp from 'sharp';
import request from 'supertest';
import { ToolImagesSchema } from '@toolworks/contract/tool-images';
import type { Call, Scene } from './authz-requests.js';
import { newTool, type World } from './authz-fixtures.js';

/** A tiny real PNG: what an upload sends. */
export const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c05020' } })
    .png()
    .toBuffer();

/** A tool with two photos uploaded by the shop's admin through the API. */
async function toolWithPhotos(world: World) {
  const tool = await newTool(world);
  let images: ReturnType<typeof ToolImagesSchema.parse>['images'] = [];
  for (let i = 0; i < 2; i += 1) {
    const res = await request(world.app)
      .post(`/api/tools/${tool._id}/images`)
      .set('Authorization', world.admin.bearer)
      .set('Content-Type', 'image/png')
      .send(await tinyPng());
    if (res.status !== 201) throw new Error(`uploading a photo: ${res.status}`);
    ({ images } = ToolImagesSchema.parse(res.body));
  }
  return { toolId: tool._id, images };
}

const asActor = ({ actor }: Scene, extra: Record<string, string> = {}) => ({
  ...(actor ? { Authorization: actor.bearer } : {}),
  ...extra,
});

/** The tool photo routes' requests for the authorisation matrix. */
export const toolImageRequests: Record<string, (scene: Scene) => Promise<Call>> = {
  'POST /api/tools/:id/images': async (scene) => ({
    path: `/api/tools/${(await newTool(scene.world))._id}/images`,
    headers: asActor(scene, { 'Content-Type': 'image/png' }),
    body: await tinyPng(),
  }),
  'PATCH /api/tools/:id/images': async ({ world }) => {
    const { toolId, images } = await toolWithPhotos(world);
    return {
      path: `/api/tools/${toolId}/images`,
      body: { imageIds: images.map((i) => i._id).reverse() },
    };
  },
  'DELETE /api/tools/:id/images/:imageId': async ({ world }) => {
    const { toolId, images } = await toolWithPhotos(world);
    return { path: `/api/tools/${toolId}/images/${images[0]?._id ?? ''}` };
  },
  'GET /api/images/:toolId/:file': async ({ world }) => {
    const { images } = await toolWithPhotos(world);
    return { path: images[0]?.variants[0]?.url ?? '' };
  },
};
