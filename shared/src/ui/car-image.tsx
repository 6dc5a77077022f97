import { useEffect, useId, useRef, useState } from 'react';
import styles from './car-image.module.css';

/** Widths offered in `srcset`; the browser picks one from `sizes` and the screen's density. */
const SRCSET_WIDTHS = [320, 480, 640, 800, 1080, 1280, 1600, 1920];

export interface CarImageSize {
  width: number;
  height: number;
  dpr?: number;
}

/** A stock photo resized and compressed by the image CDN: `image_url` plus its size parameters (docs/product.md §3). */
export function carImageUrl(imageUrl: string, { width, height, dpr = 1 }: CarImageSize): string {
  const [base = imageUrl] = imageUrl.split('?');
  return `${base}?auto=compress&cs=tinysrgb&w=${width}&h=${height}&dpr=${dpr}`;
}

export interface CarImageProps {
  /** The vehicle's `image_url`. */
  src: string;
  alt: string;
  /** The widest the picture is ever laid out, in CSS pixels. */
  width: number;
  /** Width divided by height; the frame keeps it before and after loading, so nothing shifts. */
  aspectRatio?: number;
  /** How wide the picture is laid out at each breakpoint, as in `<img sizes>`. */
  sizes?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
}

/**
 * A car photo in a fixed-ratio frame. When the photo cannot load (offline, CDN down, bad
 * URL), a drawn car on the brand colours takes its place instead of a broken-image icon.
 */
export function CarImage({
  src,
  alt,
  width,
  aspectRatio = 16 / 10,
  sizes = `(max-width: ${width}px) 100vw, ${width}px`,
  loading = 'lazy',
  fetchPriority,
  className,
}: CarImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const failed = failedSrc === src;

  // An error that fired before React attached its listener leaves a complete image with no pixels.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  const heightFor = (w: number) => Math.round(w / aspectRatio);
  const srcSet = SRCSET_WIDTHS.filter((w) => w <= width * 2)
    .map((w) => `${carImageUrl(src, { width: w, height: heightFor(w) })} ${w}w`)
    .join(', ');

  return (
    <span className={[styles.frame, className].filter(Boolean).join(' ')} style={{ aspectRatio }}>
      {/* Drawn first, so a photo still loading, or one that failed, shows a car rather than a blank. */}
      <CarSilhouette label={failed ? alt : ''} />
      {!failed && (
        <img
          ref={imageRef}
          className={styles.image}
          src={carImageUrl(src, { width, height: heightFor(width) })}
          srcSet={srcSet}
          sizes={sizes}
          width={width}
          height={heightFor(width)}
          alt={alt}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      )}
    </span>
  );
}

/** The fallback picture: a grand tourer in champagne gold on night blue. */
function CarSilhouette({ label }: { label: string }) {
  const id = useId();
  const sky = `${id}-sky`;
  const glow = `${id}-glow`;
  const paint = `${id}-paint`;
  return (
    <svg
      className={styles.fallback}
      viewBox="0 0 400 250"
      preserveAspectRatio="xMidYMid slice"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className={styles.skyTop} />
          <stop offset="1" className={styles.skyBottom} />
        </linearGradient>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" className={styles.glowCentre} />
          <stop offset="1" className={styles.glowEdge} />
        </radialGradient>
        <linearGradient id={paint} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className={styles.paintTop} />
          <stop offset="1" className={styles.paintBottom} />
        </linearGradient>
      </defs>
      <rect width="400" height="250" fill={`url(#${sky})`} />
      <ellipse cx="200" cy="186" rx="190" ry="34" fill={`url(#${glow})`} />
      <path className={styles.horizon} d="M0 186h400" />
      <path
        fill={`url(#${paint})`}
        d="M40 160c0-13 8-21 24-23l48-7c20-16 48-32 84-34 36-2 64 10 88 28l42 6c18 3 28 11 30 25v8c0 5-4 9-9 9h-13a30 30 0 0 0-60 0H134a30 30 0 0 0-60 0H49c-5 0-9-4-9-9z"
      />
      <path className={styles.glass} d="M126 128c17-15 40-25 68-26l4 28zm84-26c27 1 47 9 64 24l-60 4z" />
      <path className={styles.crease} d="M64 146h284" />
      <circle className={styles.tyre} cx="104" cy="168" r="24" />
      <circle className={styles.rim} cx="104" cy="168" r="13" />
      <circle className={styles.tyre} cx="304" cy="168" r="24" />
      <circle className={styles.rim} cx="304" cy="168" r="13" />
    </svg>
  );
}
