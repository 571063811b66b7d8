import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { paymentsModule, type TPaymentsModule } from './index';

// Counts the loads of the emulator's module (the factory runs on its first require). The count lives on the global
// object: if something loaded the module statically, that would happen while this file's imports run, before its
// own statements.
jest.mock('@polski/stripe-emulator', () => {
  const counter = globalThis as { emulatorLoads?: number };
  counter.emulatorLoads = (counter.emulatorLoads ?? 0) + 1;
  return jest.requireActual('@polski/stripe-emulator');
});
const emulatorLoads = () => (globalThis as { emulatorLoads?: number }).emulatorLoads ?? 0;

const paymentsOf = (t: TTestApp) => t.deps.modules?.find((m) => m.name === 'payments') as TPaymentsModule;

describe('the stand-in seam loads the Stripe emulator only without a Stripe key', () => {
  it('with STRIPE_SECRET_KEY the emulator module is never loaded', async () => {
    const t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: 'whsec_unused' },
      modules: [paymentsModule],
    });
    try {
      expect(paymentsOf(t).emulator).toBeUndefined();
      // nothing the API imports loads it either: the whole app is built by now
      expect(emulatorLoads()).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('without a key the payments module loads it through the seam and starts it', async () => {
    const t = await createTestApp({ modules: [paymentsModule] });
    try {
      expect(emulatorLoads()).toBe(1);
      expect(paymentsOf(t).emulator?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await t.close();
    }
  });
});
