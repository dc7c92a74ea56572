import { z } from 'zod';
import { idSchema } from './fields.js';

/** Uploaded photos of a tool (admins), stored as resized WebP variants. */

/** The largest upload the server reads; anything longer is a 413. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What an upload may be, read from its bytes (the Content-Type must also be one of these). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The widths the server makes, never wider than the photo itself. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** Photos per tool. */
export const MAX_TOOL_IMAGES = 12;

export const ToolImageSchema = z.object({
  _id: z.string(),
  /** The largest variant's size: the photo's shape, so a page can keep its space. */
  width: z.number().int(),
  height: z.number().int(),
  /** WebP files, narrowest first. */
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type ToolImage = z.infer<typeof ToolImageSchema>;

/** What every image write answers: the tool's photos, the main one first. */
export const ToolImagesSchema = z.object({ images: z.array(ToolImageSchema) });
export type ToolImages = z.infer<typeof ToolImagesSchema>;

export const ToolImageParamsSchema = z.object({ id: idSchema, imageId: idSchema });

/** GET /images/:toolId/:file, the files the local (or proxied) storage serves. */
export const ImageFileParamsSchema = z.object({
  toolId: idSchema,
  file: z.string().regex(/^[0-9a-f]{24}-\d{1,4}\.webp$/, 'No such image'),
});

/** PATCH /tools/:id/images: every photo of the tool once, the main one first. */
export const OrderToolImagesSchema = z.object({
  imageIds: z
    .array(idSchema, { error: 'Give the photos in their new order' })
    .min(1, 'Give the photos in their new order')
    .max(MAX_TOOL_IMAGES, `A tool has at most ${MAX_TOOL_IMAGES} photos`),
});
export type OrderToolImagesInput = z.infer<typeof OrderToolImagesSchema>;

export { imageSrcSet } from './image-srcset.js';
