/**
 * The stand-in seam: the only file of the API's src/ that may reach the Stripe emulator (libs/stripe-emulator,
 * docs/stripe-emulator.md; eslint.config.mjs enforces it). The payments module uses the emulator when no
 * STRIPE_SECRET_KEY is configured (local runs and tests; production refuses to start without keys).
 *
 * The emulator's code is loaded on demand, through a dynamic import: with a Stripe key it is never loaded. The build
 * (tools/build-api.mjs) emits it as its own file beside the bundle, dist/apps/api/stripe-emulator.js, so main.js
 * does not contain it and the production image does not copy it (both checked by tools/build-api.spec.mjs).
 */
export type { TStripeEmulator, TStripeEmulatorOptions } from '@polski/stripe-emulator';

/** Loads the emulator's module (on the first call; later calls get the same module). */
export function loadStripeEmulator(): Promise<typeof import('@polski/stripe-emulator')> {
  return import('@polski/stripe-emulator');
}
