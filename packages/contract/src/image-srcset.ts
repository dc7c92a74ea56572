/**
 * `srcset` of an uploaded photo: each variant with its width. Apart from tool-images.ts (which
 * re-exports it) because every catalogue card draws a photo: no zod here, so the catalogue's
 * first pages do not load the schema library.
 */
export function imageSrcSet(image: {
  variants: readonly { width: number; url: string }[];
}): string {
  return image.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
}
