import type { ImgHTMLAttributes } from 'react';
import type { Tool } from '@toolworks/contract/tools';
import { imageSrcSet } from '@toolworks/contract/image-srcset';

type ToolPhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  tool: Pick<Tool, 'img' | 'images'>;
  /** How wide the photo shows at each screen width: the browser picks a variant from it. */
  sizes: string;
  width: number;
  height: number;
};

/**
 * A tool's main photo: an uploaded one as a responsive `srcset` of its WebP variants, else the
 * tool's image URL (external images). `width`/`height` give the box's shape; an uploaded
 * photo's own shape replaces them, so the page keeps its space before the file arrives.
 */
export function ToolPhoto({ tool, sizes, width, height, ...rest }: ToolPhotoProps) {
  const main = tool.images[0];
  if (!main) return <img src={tool.img} width={width} height={height} {...rest} />;
  const widest = main.variants[main.variants.length - 1];
  return (
    <img
      src={widest?.url}
      srcSet={imageSrcSet(main)}
      sizes={sizes}
      width={main.width}
      height={main.height}
      {...rest}
    />
  );
}
