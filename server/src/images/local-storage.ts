import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiImageUrl, type ImageStorage } from './image-storage.js';

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** Files under `dir` (IMAGE_DIR, by default `${DATA_DIR}/images`), served by the API. */
export function localImageStorage(dir: string): ImageStorage {
  const file = (key: string) => path.join(dir, ...key.split('/'));
  return {
    async put(key, bytes) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed into place: a request for the file meanwhile gets all or none.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(file(key), { force: true })));
    },
    url: apiImageUrl,
  };
}
