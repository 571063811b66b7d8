import { z } from 'zod';

/**
 * The web app's build-time configuration (Vite exposes VITE_* variables). Parsed once; nothing else reads
 * import.meta.env.
 */
const ZWebEnvSchema = z.object({
  VITE_CONTACT_EMAIL: z.email().default('contact@polskistories.com'),
  VITE_VIDEO_CHANNEL_URL: z.url().default('https://www.youtube.com/@polskistories'),
});

const blankToUndefined = (v: string | undefined) =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

const parsed = ZWebEnvSchema.parse({
  VITE_CONTACT_EMAIL: blankToUndefined(import.meta.env.VITE_CONTACT_EMAIL),
  VITE_VIDEO_CHANNEL_URL: blankToUndefined(import.meta.env.VITE_VIDEO_CHANNEL_URL),
});

export const env = {
  contactEmail: parsed.VITE_CONTACT_EMAIL,
  videoChannelUrl: parsed.VITE_VIDEO_CHANNEL_URL,
  siteName: 'Polski Stories',
} as const;
