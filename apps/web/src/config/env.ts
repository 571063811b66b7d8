/**
 * The web app's build-time configuration (Vite exposes VITE_* variables). Checked once; nothing else reads
 * import.meta.env. Hand-written rather than zod: this module is part of the app shell, which stays free of zod so
 * the home page loads less JavaScript.
 */

/** The e-mail pattern of zod's z.email() (zod/v4/core/regexes.ts), which this file used before. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const blankToUndefined = (v: string | undefined) =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

/** An e-mail address, or the default when unset; anything else is a configuration error. */
export function emailSetting(name: string, value: string | undefined, fallback: string): string {
  const v = blankToUndefined(value);
  if (v === undefined) return fallback;
  if (!EMAIL.test(v)) throw new Error(`${name} is not a valid e-mail address: ${v}`);
  return v;
}

/** An absolute http(s) URL, or the default when unset; anything else is a configuration error. */
export function urlSetting(name: string, value: string | undefined, fallback: string): string {
  const v = blankToUndefined(value);
  if (v === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`${name} is not a valid URL: ${v}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL: ${v}`);
  return v;
}

export const env = {
  contactEmail: emailSetting(
    'VITE_CONTACT_EMAIL',
    import.meta.env.VITE_CONTACT_EMAIL,
    'contact@polskistories.com',
  ),
  videoChannelUrl: urlSetting(
    'VITE_VIDEO_CHANNEL_URL',
    import.meta.env.VITE_VIDEO_CHANNEL_URL,
    'https://www.youtube.com/@polskistories',
  ),
  siteName: 'Polski Stories',
} as const;
