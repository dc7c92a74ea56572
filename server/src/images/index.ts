import type { Config } from '../config.js';
import { publicImageUrl, type ImageStorage } from './image-storage.js';
import { localImageStorage } from './local-storage.js';

export type { ImageStorage } from './image-storage.js';
export { imageKey } from './image-storage.js';
export { localImageStorage } from './local-storage.js';
export { conversionSlots, type ConversionSlots } from './conversion-slots.js';
export { makeVariants, sniffImageType, UnreadableImageError } from './variants.js';

type S3Config = NonNullable<Config['images']['s3']>;

/**
 * The S3 adapter with the AWS SDK loaded on its first call: the SDK is several MB of modules,
 * and an instance that never touches a photo (or stores them in IMAGE_DIR) should not carry it.
 */
function lazyS3Storage(s3: S3Config): ImageStorage {
  let loaded: Promise<ImageStorage> | undefined;
  const storage = () =>
    (loaded ??= import('./s3-storage.js').then((module) => module.s3ImageStorage(s3)));
  return {
    put: async (key, bytes, contentType) => (await storage()).put(key, bytes, contentType),
    get: async (key) => (await storage()).get(key),
    delete: async (keys) => (await storage()).delete(keys),
    url: (key) => publicImageUrl(s3.publicUrl, key),
  };
}

/** The storage the config selects: the S3 bucket when S3_BUCKET is set, else IMAGE_DIR. */
export function createImageStorage(config: Config): ImageStorage {
  return config.images.s3 ? lazyS3Storage(config.images.s3) : localImageStorage(config.images.dir);
}
