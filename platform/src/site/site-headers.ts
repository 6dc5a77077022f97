import { createHash } from 'node:crypto';
import { helmetHeaders } from '@rentora/api/security-headers';
import { DEFAULT_PHOTO_HOSTS } from '@rentora/shared/rules';

/** CSP sources (`'sha256-…'`) of a page's inline styles and scripts. */
export interface InlineHashes {
  styleHashes: readonly string[];
  scriptHashes: readonly string[];
}

export const NO_INLINE: InlineHashes = { styleHashes: [], scriptHashes: [] };

/** The CSP source that allows one inline style or script with exactly this text: `'sha256-…'`. */
export const cspHashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Security headers of the host's page. Its scripts, styles and pictures come from its own
 * origin and the remotes' origins; car photos from the hosts the API takes them on: the
 * stock-photo CDN and those the deployment adds (`PHOTO_HOSTS`, the API's `config.photoHosts`).
 * The payment gateway's Checkout (its script, and the frame it opens) only from the gateway's own
 * hosts, and only when a gateway is configured (docs/decisions/0031-payments.md).
 */
export function hostPageHeaders(
  remoteOrigins: readonly string[],
  inline: InlineHashes = NO_INLINE,
  photoHosts: readonly string[] = [],
  checkoutOrigins: readonly string[] = [],
): Record<string, string> {
  const remotes = [...remoteOrigins];
  const photos = [...new Set([...DEFAULT_PHOTO_HOSTS, ...photoHosts])].map((host) => `https://${host}`);
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Scripts from files, or the prerendered pages' start-up script (by hash).
        scriptSrc: ["'self'", ...inline.scriptHashes, ...remotes, ...checkoutOrigins],
        // Style elements only from files, or the prerendered pages' own (by hash); style
        // attributes (React's aspect ratios and skeleton sizes) are allowed as attributes only.
        styleSrc: ["'self'", ...inline.styleHashes, ...remotes],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...photos, ...remotes],
        fontSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes, ...checkoutOrigins],
        frameSrc: checkoutOrigins.length > 0 ? [...checkoutOrigins] : ["'none'"],
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
