/** The content codings the API stores bodies in, best first: brotli is the smallest. */
export const CODINGS = ['br', 'gzip', 'identity'] as const;
export type Coding = (typeof CODINGS)[number];

const MAX_REMEMBERED = 64;
const remembered = new Map<string, Coding>();

/**
 * The coding to answer in for an Accept-Encoding header (RFC 9110 §12.5.3): the highest q among
 * br, gzip and identity, ties going to the smaller body. identity stays acceptable unless the
 * header refuses it; when it refuses everything, identity is sent anyway rather than a 406.
 * Clients send a handful of distinct headers, so each one's answer is worked out once.
 */
export function preferredCoding(acceptEncoding: string | undefined): Coding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  let coding = remembered.get(acceptEncoding);
  if (coding === undefined) {
    coding = negotiate(acceptEncoding);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(acceptEncoding, coding);
  }
  return coding;
}

/** Below any q a client can write (they have at most three decimals), but still acceptable. */
const IMPLICIT_IDENTITY_WEIGHT = 0.0001;

function negotiate(acceptEncoding: string): Coding {
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const quality = parameters.find((parameter) => parameter.toLowerCase().startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  const weightOf = (coding: Coding) =>
    weights.get(coding) ?? wildcard ?? (coding === 'identity' ? IMPLICIT_IDENTITY_WEIGHT : 0);
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of CODINGS) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
