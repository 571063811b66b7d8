import fc from 'fast-check';
import { HUB_IDS, ZHubListResponseSchema } from '@polski/contracts';
import { toHubListResponse } from './hub-list-guard';

const zodHubs = (value: unknown) => {
  const r = ZHubListResponseSchema.safeParse(value);
  return r.success ? r.data : null;
};

// as JSON.parse gives them: mostly the right shape, now and then a field of another type, a missing field or an
// unknown key, and any JSON at all
const anyJson = fc.jsonValue();
const MISSING = Symbol('missing');
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 15, arbitrary: valid },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  );
const withoutMissing = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== MISSING));
const count = fc.oneof(
  { weight: 8, arbitrary: fc.nat(500) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER, -1, 1.5) },
);
const hubLike = fc
  .record({
    id: field(
      fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...HUB_IDS) }, { weight: 1, arbitrary: fc.string() }),
    ),
    title: field(fc.string()),
    level: field(fc.string()),
    path: field(fc.string()),
    lessonCount: field(count),
    freeCount: field(count),
    extra: field(anyJson),
  })
  .map(withoutMissing);

describe('the hub list guard: ZHubListResponseSchema without zod', () => {
  it('accepts and returns exactly what the schema does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 8, arbitrary: fc.array(hubLike, { maxLength: 10 }) },
          { weight: 1, arbitrary: fc.array(fc.oneof(hubLike, anyJson), { maxLength: 4 }) },
          { weight: 1, arbitrary: anyJson },
        ),
        (value) => {
          expect(toHubListResponse(value)).toEqual(zodHubs(value));
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('accepts a real answer and both outcomes are common in the property', () => {
    const answer = HUB_IDS.map((id) => ({ id, title: id, level: 'A1', path: `/${id}`, lessonCount: 3, freeCount: 1 }));
    expect(toHubListResponse(answer)).toEqual(answer);
    const samples = fc.sample(fc.array(hubLike, { minLength: 1, maxLength: 3 }), { numRuns: 500, seed: 1 });
    const accepted = samples.filter((s) => zodHubs(s) !== null).length;
    expect(accepted).toBeGreaterThan(25);
    expect(accepted).toBeLessThan(450);
  });

  it('keeps the audio summary as the schema does', () => {
    const audio = { lessons: 3, ready: 2, recording: 1, neural: 0, synthetic: 1 };
    const hub = { id: HUB_IDS[0], title: 't', level: 'A1', path: '/x', lessonCount: 3, freeCount: 1 };
    const cases = [
      [{ ...hub, audio }],
      [{ ...hub, audio: { ...audio, extra: 1 } }],
      [{ ...hub, audio: { ...audio, ready: -1 } }],
      [{ ...hub, audio: { ...audio, neural: 1.5 } }],
      [{ ...hub, audio: null }],
    ];
    for (const c of cases) expect(toHubListResponse(c)).toEqual(zodHubs(c));
    expect(toHubListResponse(cases[1])?.[0].audio).toEqual(audio);
  });
});
