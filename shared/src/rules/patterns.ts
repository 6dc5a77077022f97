/** One address part without spaces, an @, a domain with at least one dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d{10}$/;
export const PINCODE_PATTERN = /^\d{6}$/;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A car's `_id`: lower-case words joined by single hyphens, safe in a URL path as it is. */
export const VEHICLE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * A car photo's address: https only, and nothing that would end or split it in a `srcset`
 * (whitespace separates a candidate's descriptor, a comma the candidates).
 */
export const IMAGE_URL_PATTERN = /^https:\/\/[^\s,]+$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const AGE_MIN_EXCLUSIVE = 0;
export const AGE_MAX_EXCLUSIVE = 120;
/** A number plate as written: letters and digits, single spaces or hyphens between groups. */
export const LICENSE_PLATE_PATTERN = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;
