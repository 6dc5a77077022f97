/**
 * Where a car's photo may come from: the stock-photo CDN the site's pages allow as an image source
 * (their Content-Security-Policy), and any host a deployment adds (`PHOTO_HOSTS`,
 * docs/decisions/0020-staff-and-trust.md). No other address, a loopback or link-local one least of all.
 */
export const DEFAULT_PHOTO_HOSTS = ['images.pexels.com'] as const;

/** A host name as `PHOTO_HOSTS` takes it: lower-case DNS labels ending in a top-level domain; no address, port or scheme. */
export const PHOTO_HOST_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Whether `address` is an https address on one of `hosts`, on the default port and without credentials. */
export function isPhotoOnHosts(address: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const plain = url.port === '' && url.username === '' && url.password === '';
  return url.protocol === 'https:' && plain && hosts.includes(url.hostname);
}

/** The refusal of a photo elsewhere, naming the hosts allowed: `… on images.pexels.com or cdn.example.com.` */
export function photoHostMessage(hosts: readonly string[]): string {
  const last = hosts.at(-1) ?? '';
  const named = hosts.length > 1 ? `${hosts.slice(0, -1).join(', ')} or ${last}` : last;
  return `image_url must be an https address on ${named}.`;
}
