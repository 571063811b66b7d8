import { createLogger } from '../../lib/logger';
import type { TDatabase } from '../../lib/db';
import { createTestDatabase } from '../../../test/support/test-database';
import { backfillUsernameSkeletons, usernameKey, usernameSkeleton } from './usernames';

describe('usernames (issue 13, item 14)', () => {
  it('gives look-alikes one skeleton and distinct names distinct ones', () => {
    const same = [
      ['anna', 'аnna'], // Cyrillic а
      ['kasia', 'ｋａｓｉａ'], // full-width
      ['igor', 'ıgor'], // dotless ı
      ['Igor', 'igor'], // case
      ['marek', 'rnarek'], // rn reads as m
      ['ola1', 'olal'], // 1 and l
      ['0la', 'ola'], // 0 and o
    ];
    for (const [a, b] of same) expect([a, usernameSkeleton(a)]).toEqual([a, usernameSkeleton(b)]);
    const different = [
      ['anna', 'anka'],
      ['łukasz', 'lukasz'], // ł is a letter of its own
      ['żaneta', 'zaneta'],
      ['kasia.k', 'kasia_k'],
    ];
    for (const [a, b] of different) expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));
  });

  it('keys usernames by their NFKC form, ignoring case', () => {
    expect(usernameKey(' ＫＡＳＩＡ ')).toBe('kasia');
    expect(usernameKey('Łukasz')).toBe('łukasz');
  });

  describe('backfill of accounts made before skeletons', () => {
    let database: TDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    const user = (username: string, usernameKeyValue = username.toLowerCase()) =>
      database.db.user.create({
        data: {
          username,
          usernameKey: usernameKeyValue,
          email: `${encodeURIComponent(username)}@example.test`,
          emailKey: `${encodeURIComponent(username)}@example.test`.toLowerCase(),
          passwordHash: 'x',
        },
      });

    it('fills every skeleton (and NFKC key), keeps old look-alikes working, and warns about them', async () => {
      const plain = await user('Adam');
      const wide = await user('ｂｅａｔａ'); // made with the old key: lower case, not NFKC
      const original = await user('olga');
      const lookAlike = await user('оlga'); // Cyrillic о, made before look-alikes were refused
      const warnings: string[] = [];
      const logger = createLogger('silent');
      logger.warn = ((_o: unknown, msg: string) => void warnings.push(msg)) as never;

      expect(await backfillUsernameSkeletons(database.db, logger, 2)).toBe(3);
      const rows = await database.db.user.findMany({
        where: { id: { in: [plain.id, wide.id, original.id, lookAlike.id] } },
      });
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
      expect(byId[plain.id].usernameSkeleton).toBe(usernameSkeleton('adam'));
      expect(byId[wide.id]).toMatchObject({
        usernameKey: 'beata',
        usernameSkeleton: usernameSkeleton('beata'),
      });
      expect(byId[original.id].usernameSkeleton).toBe(usernameSkeleton('olga'));
      expect(byId[lookAlike.id].usernameSkeleton).toBeNull();
      expect(byId[lookAlike.id].username).toBe('оlga');
      expect(warnings).toHaveLength(1);
      // a second run (another process, the next start) changes nothing
      expect(await backfillUsernameSkeletons(database.db, logger)).toBe(0);
    });
  });
});
