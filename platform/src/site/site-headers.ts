import { helmetHeaders } from '@rentora/api/security-headers';

/**
 * Security headers of the host's page. Its scripts, styles and pictures come from its own
 * origin and the remotes' origins; car photos from the stock-photo CDN.
 */
export function hostPageHeaders(
  remoteOrigins: readonly string[],
  inlineStyleHashes: readonly string[] = [],
): Record<string, string> {
  const remotes = [...remoteOrigins];
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        // Style elements only from files, or the prerendered pages' own (by hash); style
        // attributes (React's aspect ratios and skeleton sizes) are allowed as attributes only.
        styleSrc: ["'self'", ...inlineStyleHashes, ...remotes],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://images.pexels.com', ...remotes],
        fontSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/** A remote's files are loaded by another origin's page, so they must not be same-origin only. */
export function remoteFileHeaders(): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}
