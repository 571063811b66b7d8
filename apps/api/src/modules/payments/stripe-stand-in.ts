/**
 * The stand-in seam: the only file of the API's src/ that may reach the Stripe emulator (libs/stripe-emulator,
 * docs/stripe-emulator.md; eslint.config.mjs enforces it). The payments module uses the emulator when no
 * STRIPE_SECRET_KEY is configured (local runs and tests; production refuses to start without keys).
 *
 * The emulator's code is loaded on demand, through a dynamic import: with a Stripe key it is never loaded
 * (stripe-stand-in.spec.ts).
 */
export type { TStripeEmulator, TStripeEmulatorOptions } from '@polski/stripe-emulator';

/** Loads the emulator's module (on the first call; later calls get the same module). */
export function loadStripeEmulator(): Promise<typeof import('@polski/stripe-emulator')> {
  return import('@polski/stripe-emulator');
}
