import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { publicImageUrl, type ImageStorage } from './image-storage.js';

type S3Settings = NonNullable<Config['images']['s3']>;

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...). */
export function s3ImageStorage(settings: S3Settings, client = s3Client(settings)): ImageStorage {
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // Keys are never reused (a new upload gets a new id): a browser may keep a file for good.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey')
          return null;
        throw err;
      }
    },
    async delete(keys) {
      // One call per key: DeleteObjects needs a checksum some S3-compatible services reject.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: key }))),
      );
    },
    url: (key) => publicImageUrl(settings.publicUrl, key),
  };
}

function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint, forcePathStyle: true }),
    ...(settings.credentials && { credentials: settings.credentials }),
    // The SDK's default CRC32 checksums are not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
