import { helmetHeaders } from '../plugins/external/security-headers';

/**
 * Security headers of the host's page. Its scripts, styles and pictures come from its own
 * origin and the remotes' origins; car photos from the stock-photo CDN.
 */
export function hostPageHeaders(remoteOrigins: readonly string[]): Record<string, string> {
  const remotes = [...remoteOrigins];
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        // Style sheets only from files; React's style attributes (skeleton sizes) are the one inline style allowed.
        styleSrc: ["'self'", ...remotes],
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
