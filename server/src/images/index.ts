import type { Config } from '../config.js';
import type { ImageStorage } from './image-storage.js';
import { localImageStorage } from './local-storage.js';
import { s3ImageStorage } from './s3-storage.js';

export type { ImageStorage } from './image-storage.js';
export { imageKey } from './image-storage.js';
export { localImageStorage } from './local-storage.js';
export { makeVariants, sniffImageType, UnreadableImageError } from './variants.js';

/** The storage the config selects: the S3 bucket when S3_BUCKET is set, else IMAGE_DIR. */
export function createImageStorage(config: Config): ImageStorage {
  return config.images.s3 ? s3ImageStorage(config.images.s3) : localImageStorage(config.images.dir);
}
