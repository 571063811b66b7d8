/**
 * The web app's build-time configuration (Vite's VITE_* variables), checked once at start; nothing else reads
 * import.meta.env. Checked by hand rather than with zod: this module is on the first-load path and zod would add
 * ~25 kB (gzip) to the home bundle for two strings.
 */
const DEFAULTS = {
  contactEmail: 'contact@polskistories.com',
  videoChannelUrl: 'https://www.youtube.com/@polskistories',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseWebEnv(raw: Partial<Record<'VITE_CONTACT_EMAIL' | 'VITE_VIDEO_CHANNEL_URL', string>>) {
  const problems: string[] = [];
  const contactEmail = raw.VITE_CONTACT_EMAIL?.trim() || DEFAULTS.contactEmail;
  if (!EMAIL.test(contactEmail)) problems.push('VITE_CONTACT_EMAIL: must be an email address');
  const videoChannelUrl = raw.VITE_VIDEO_CHANNEL_URL?.trim() || DEFAULTS.videoChannelUrl;
  if (!/^https:\/\/\S+$/.test(videoChannelUrl)) problems.push('VITE_VIDEO_CHANNEL_URL: must be an https:// URL');
  if (problems.length) throw new Error(`Invalid web configuration:\n  ${problems.join('\n  ')}`);
  return { contactEmail, videoChannelUrl, siteName: 'Polski Stories' } as const;
}

export const env = parseWebEnv({
  VITE_CONTACT_EMAIL: import.meta.env.VITE_CONTACT_EMAIL,
  VITE_VIDEO_CHANNEL_URL: import.meta.env.VITE_VIDEO_CHANNEL_URL,
});
