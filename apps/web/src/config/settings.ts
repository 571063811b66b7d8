/**
 * The web app's build-time settings (Vite's VITE_* variables), checked when the app is built or served
 * (vite.config.mts): a bad value fails the build with the setting named, so the browser only reads them (env.ts).
 * Hand-written rather than zod, as the checks of the rest of the app shell.
 */

/** What an unset or blank setting is. */
export const SETTING_DEFAULTS = {
  contactEmail: 'contact@polskistories.com',
  videoChannelUrl: 'https://www.youtube.com/@polskistories',
} as const;

/** The e-mail pattern of zod's z.email() (zod/v4/core/regexes.ts), which this file used before. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const blankToUndefined = (v: string | undefined) =>
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

/** Every setting from the build's VITE_* variables; throws on a bad one, naming it. */
export function webSettings(vars: Record<string, string | undefined>): {
  contactEmail: string;
  videoChannelUrl: string;
} {
  return {
    contactEmail: emailSetting('VITE_CONTACT_EMAIL', vars.VITE_CONTACT_EMAIL, SETTING_DEFAULTS.contactEmail),
    videoChannelUrl: urlSetting(
      'VITE_VIDEO_CHANNEL_URL',
      vars.VITE_VIDEO_CHANNEL_URL,
      SETTING_DEFAULTS.videoChannelUrl,
    ),
  };
}
