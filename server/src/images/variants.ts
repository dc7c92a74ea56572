import type SharpConstructor from 'sharp';
import { IMAGE_WIDTHS, type IMAGE_TYPES } from '@toolworks/contract/tool-images';

type ImageType = (typeof IMAGE_TYPES)[number];

/** The real type of an upload, from its first bytes (never from its name or Content-Type). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be read', { cause });
    this.name = 'UnreadableImageError';
  }
}

/**
 * sharp (libvips, about 20 MB of native code and its own thread pool) loads on the first upload,
 * not at start-up: most instances never convert a photo, and its resident memory would count
 * against every one of them.
 */
type Sharp = typeof SharpConstructor;
let loaded: Promise<Sharp> | undefined;
function sharpModule(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Conversions are already bounded per process (conversion-slots.ts): one libvips thread per
    // image, and no operation cache (it keeps decoded images around after the answer went out).
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

export interface Variant {
  width: number;
  height: number;
  data: Buffer;
}

// A 10 MB file can still claim a huge canvas (a decompression bomb): 50 megapixels is plenty.
const SHARP_OPTIONS = { limitInputPixels: 50_000_000, failOn: 'error' } as const;

/** The widths to make for a photo `width` wide: the standard ones below it, and never wider. */
export function variantWidths(width: number): number[] {
  const widest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;
  return [...new Set([...IMAGE_WIDTHS.filter((w) => w < width), Math.min(width, widest)])];
}

/**
 * WebP variants, narrowest first: turned upright by its EXIF orientation, never enlarged, and with
 * no metadata kept (sharp writes none unless asked: no camera, GPS or owner data goes out).
 */
export async function makeVariants(bytes: Buffer): Promise<Variant[]> {
  const sharp = await sharpModule();
  let upright: number;
  try {
    const meta = await sharp(bytes, SHARP_OPTIONS).metadata();
    // Orientations 5 to 8 turn the photo a quarter: its width is the stored height.
    upright = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  } catch (err) {
    throw new UnreadableImageError(err);
  }
  const widths = variantWidths(upright);
  const variants: Variant[] = [];
  try {
    // The photo is decoded once, to the widest variant's pixels (a JPEG is shrunk while it is
    // decoded): a camera's 24 megapixels are never held whole, nor decoded once per width.
    const widest = await sharp(bytes, SHARP_OPTIONS)
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = widest.info;
    // One at a time: the machine's other work keeps a core.
    for (const variantWidth of widths) {
      const { data, info } = await sharp(widest.data, { raw: { width, height, channels } })
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, data });
    }
  } catch (err) {
    throw new UnreadableImageError(err);
  }
  return variants;
}
