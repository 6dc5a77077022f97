import { helmetHeaders } from '@rentora/api/security-headers';

/** CSP sources (`'sha256-…'`) of a page's inline styles and scripts. */
export interface InlineHashes {
  styleHashes: readonly string[];
  scriptHashes: readonly string[];
}

/**
 * Security headers of the host's page. Its scripts, styles and pictures come from its own
 * origin and the remotes' origins; car photos from the stock-photo CDN.
 */
export function hostPageHeaders(
  remoteOrigins: readonly string[],
  inline: InlineHashes = { styleHashes: [], scriptHashes: [] },
): Record<string, string> {
  const remotes = [...remoteOrigins];
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Scripts from files, or the prerendered pages' start-up script (by hash).
        scriptSrc: ["'self'", ...inline.scriptHashes, ...remotes],
        // Style elements only from files, or the prerendered pages' own (by hash); style
        // attributes (React's aspect ratios and skeleton sizes) are allowed as attributes only.
        styleSrc: ["'self'", ...inline.styleHashes, ...remotes],
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

/**
 * What a file (a script, a stylesheet, a font, a JSON file) needs, and no more: the document
 * policies (CSP, COOP, `X-Frame-Options`…) apply to documents and would only make every file
 * larger. A remote's files are loaded by another origin's page, so they are not same-origin only.
 */
export function fileHeaders(resourcePolicy: 'same-origin' | 'cross-origin'): Record<string, string> {
  return { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': resourcePolicy };
}
