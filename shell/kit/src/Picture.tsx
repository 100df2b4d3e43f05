import type { ImgHTMLAttributes } from 'react';

/** The smaller copies of a brand image in one format, made when the brand's folder was synced. */
export interface ImageSource {
  type: 'image/avif' | 'image/webp';
  /** Candidates with their widths: `/assets/~/welcome-1a2b3c4d5e6f-360.webp 360w, ...`. */
  srcset: string;
}

/** What an answer says of an image beside its URL (null sizes for an https URL). */
export interface ImageSize {
  width: number | null;
  height: number | null;
  sources: ImageSource[];
}

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height' | 'src'> {
  src: string;
  alt: string;
  /** The image's own size and copies, when the answer gives them. */
  image?: Partial<ImageSize>;
  /** The size to reserve when the answer does not know the image's (an https URL). */
  fallbackWidth: number;
  fallbackHeight: number;
  /** How wide the image shows, for the browser to pick a copy (the `sizes` attribute). */
  sizes?: string;
  /** The largest paint of the page: fetched at once and first; every other picture waits until near
   * the screen unless `loading="eager"` says it is always in view (a logo). */
  priority?: boolean;
}

/**
 * An image with its width and height (so its room is kept before it arrives), its AVIF and WebP
 * copies in a <picture> when it has some, and lazy unless it is the page's main image.
 */
export function Picture({ src, alt, image, fallbackWidth, fallbackHeight, sizes, priority = false, loading, ...rest }: PictureProps) {
  const sources = image?.sources ?? [];
  const img = (
    <img
      {...rest}
      src={src}
      alt={alt}
      width={image?.width ?? fallbackWidth}
      height={image?.height ?? fallbackHeight}
      loading={loading ?? (priority ? 'eager' : 'lazy')}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? undefined : 'async'}
    />
  );
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
