import { randomBytes } from 'node:crypto';
import { MAX_TOOL_IMAGES, type ToolImages } from '@toolworks/contract/tool-images';
import { AppError } from '../../lib/app-error.js';
import type { Id, Store, ToolRecord } from '../../store/store.js';
import {
  imageKey,
  makeVariants,
  sniffImageType,
  UnreadableImageError,
  type ImageStorage,
} from '../../images/index.js';
import { toImageWire } from '../tools/index.js';

const TOOL_GONE = 'No such tool';
const TOO_MANY = `A tool has at most ${MAX_TOOL_IMAGES} photos: remove one first`;
export const NOT_AN_IMAGE = 'Upload a JPEG, PNG or WebP photo';

const answer = (tool: ToolRecord): ToolImages => ({ images: tool.images.map(toImageWire) });

/** A tool's uploaded photos: the files in the image storage, the list in the tool's record. */
export function createToolImagesService(store: Store, storage: ImageStorage) {
  return {
    async upload(toolId: Id, bytes: Buffer | undefined): Promise<ToolImages> {
      const tool = await store.tools.get(toolId);
      if (!tool) throw AppError.notFound(TOOL_GONE);
      if (tool.images.length >= MAX_TOOL_IMAGES) throw AppError.conflict(TOO_MANY);
      const type = bytes && sniffImageType(bytes);
      if (!bytes || !type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE, 415);
      let variants;
      try {
        variants = await makeVariants(bytes);
      } catch (err) {
        if (err instanceof UnreadableImageError)
          throw AppError.badRequest('The photo could not be read: it may be damaged or too large');
        throw err;
      }
      const imageId = randomBytes(12).toString('hex');
      const files = variants.map((v) => ({ ...v, key: imageKey(toolId, imageId, v.width) }));
      await Promise.all(files.map((f) => storage.put(f.key, f.data, 'image/webp')));
      const widest = files[files.length - 1] as (typeof files)[number];
      const added = await store.tools.addImage(
        toolId,
        {
          _id: imageId,
          width: widest.width,
          height: widest.height,
          variants: files.map((f) => ({ width: f.width, key: f.key, url: storage.url(f.key) })),
        },
        MAX_TOOL_IMAGES,
      );
      if (added === null || added === 'TOO_MANY') {
        // Deleted or filled up while the variants were made: the files would be nobody's.
        await storage.delete(files.map((f) => f.key));
        throw added === null ? AppError.notFound(TOOL_GONE) : AppError.conflict(TOO_MANY);
      }
      return answer(added);
    },

    async remove(toolId: Id, imageId: Id): Promise<ToolImages> {
      const removed = await store.tools.removeImage(toolId, imageId);
      if (removed === null) throw AppError.notFound(TOOL_GONE);
      if (removed === 'NO_IMAGE') throw AppError.notFound('This tool has no such photo');
      await storage.delete(removed.removed.variants.map((v) => v.key));
      return answer(removed.tool);
    },

    async order(toolId: Id, imageIds: Id[]): Promise<ToolImages> {
      const ordered = await store.tools.orderImages(toolId, imageIds);
      if (ordered === null) throw AppError.notFound(TOOL_GONE);
      if (ordered === 'MISMATCH')
        throw AppError.conflict('The photos changed meanwhile: reload the tool and try again');
      return answer(ordered);
    },

    /** A stored variant, or null. */
    file(toolId: Id, file: string): Promise<Buffer | null> {
      return storage.get(`${toolId}/${file}`);
    },
  };
}
