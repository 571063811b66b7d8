import { SETTING_DEFAULTS } from './settings';

/**
 * The web app's build-time configuration (Vite exposes VITE_* variables); nothing else reads import.meta.env. The
 * values were checked when the app was built (settings.ts, called by vite.config.mts), which fails on a bad one:
 * here they are only read, trimmed, with the defaults for unset ones.
 */
export const env = {
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL?.trim() || SETTING_DEFAULTS.contactEmail,
  videoChannelUrl: import.meta.env.VITE_VIDEO_CHANNEL_URL?.trim() || SETTING_DEFAULTS.videoChannelUrl,
  siteName: 'Polski Stories',
} as const;
