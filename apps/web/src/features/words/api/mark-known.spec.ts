import { MAX_BULK_LEMMAS } from '@polski/contracts';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { markKnown, MARK_KNOWN_BATCH } from './mark-known';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  session.set(makeUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('markKnown', () => {
  it('batches as the contract allows (MAX_BULK_LEMMAS, written out to keep zod off the lesson page)', () => {
    expect(MARK_KNOWN_BATCH).toBe(MAX_BULK_LEMMAS);
  });

  it('sends 1,200 lemmas in three requests of at most 500 and adds up what each marked', async () => {
    const sizes: number[] = [];
    fetchMock.mockImplementation(async (_url, init) => {
      const { lemmas } = JSON.parse(String(init?.body)) as { lemmas: string[] };
      sizes.push(lemmas.length);
      return jsonResponse(200, { marked: lemmas.length - 1 });
    });
    const lemmas = Array.from(
      { length: 1200 },
      (_, i) => `słowo${'a'.repeat(i % 7)}${String.fromCharCode(97 + (i % 26))}`,
    );
    expect(await markKnown(lemmas)).toEqual({ marked: 1197 });
    expect(sizes).toEqual([500, 500, 200]);
    expect(fetchMock.mock.calls.every(([url]) => String(url) === '/api/learning/statuses/known')).toBe(true);
  });
});
