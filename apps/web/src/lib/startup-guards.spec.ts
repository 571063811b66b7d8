import fc from 'fast-check';
import { ZPaymentsConfigResponseSchema, ZUserResponseSchema } from '@polski/contracts';
import { makeUser } from '../test/fixtures';
import { toPaymentsConfig, toUserResponse } from './startup-guards';

/** What zod makes of `value`: the parsed data, or null when it refuses it. */
const zodUser = (value: unknown) => {
  const r = ZUserResponseSchema.safeParse(value);
  return r.success ? r.data : null;
};
const zodConfig = (value: unknown) => {
  const r = ZPaymentsConfigResponseSchema.safeParse(value);
  return r.success ? r.data : null;
};

// Values as JSON.parse gives them: mostly the right shape with now and then a field of another type, a missing field
// or an unknown key (so that both outcomes are common), and any JSON at all.
const anyJson = fc.jsonValue();
const MISSING = Symbol('missing');
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 12, arbitrary: valid },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  );
const withoutMissing = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== MISSING));
const userLike = fc
  .record({
    token: field(fc.string()),
    username: field(fc.string()),
    email: field(fc.string()),
    lang: field(fc.string()),
    emailConfirmed: field(fc.boolean()),
    roles: field(
      fc.array(fc.oneof({ weight: 12, arbitrary: fc.string() }, { weight: 1, arbitrary: anyJson })),
    ),
    cus: field(fc.option(fc.string())),
    premiumLifetime: field(fc.boolean()),
    extra: field(anyJson),
  })
  .map(withoutMissing);
const configLike = fc
  .record({
    offer: field(fc.constantFrom('one-time', 'subscription', 'One-time', '')),
    testMode: field(fc.boolean()),
    extra: field(anyJson),
  })
  .map(withoutMissing);

describe('startup guards: the contracts schemas of the app shell, without zod', () => {
  it('toUserResponse accepts and returns exactly what ZUserResponseSchema does', () => {
    fc.assert(
      fc.property(
        fc.oneof({ weight: 9, arbitrary: userLike }, { weight: 1, arbitrary: anyJson }),
        (value) => {
          expect(toUserResponse(value)).toEqual(zodUser(value));
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('toPaymentsConfig accepts and returns exactly what ZPaymentsConfigResponseSchema does', () => {
    fc.assert(
      fc.property(
        fc.oneof({ weight: 9, arbitrary: configLike }, { weight: 1, arbitrary: anyJson }),
        (value) => {
          expect(toPaymentsConfig(value)).toEqual(zodConfig(value));
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('a valid user comes back without unknown keys; a wrong field, a missing one or a non-object is refused', () => {
    const user = makeUser({ roles: ['Member', 'PremiumMember'], cus: '2027-01-01T00:00:00.000Z' });
    expect(toUserResponse({ ...user, password: 'x' })).toEqual(user);
    expect(toUserResponse({ ...user, cus: null })).toEqual({ ...user, cus: null });
    expect(toUserResponse({ ...user, roles: ['Member', 1] })).toBeNull();
    expect(toUserResponse({ ...user, emailConfirmed: 'true' })).toBeNull();
    const { token: _token, ...withoutToken } = user;
    expect(toUserResponse(withoutToken)).toBeNull();
    expect(toUserResponse([user])).toBeNull();
    expect(toUserResponse(null)).toBeNull();
  });

  it('the payments configuration: one of the two offers and a boolean test mode', () => {
    expect(toPaymentsConfig({ offer: 'subscription', testMode: true, more: 1 })).toEqual({
      offer: 'subscription',
      testMode: true,
    });
    expect(toPaymentsConfig({ offer: 'lifetime', testMode: true })).toBeNull();
    expect(toPaymentsConfig({ offer: 'one-time', testMode: 'false' })).toBeNull();
  });
});
