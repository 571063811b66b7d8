import { normalizeUsername } from '@polski/contracts';
import unhomoglyph from 'unhomoglyph';
import type { TDb } from '../../lib/db';
import { isUniqueViolation } from '../../lib/errors';
import type { TLogger } from '../../lib/logger';

/**
 * Usernames (docs/product.md, "Accounts and email"): stored in NFKC form, unique ignoring case (`username_key`),
 * and unique by their look (`username_skeleton`), so nobody can register a name that reads like someone else's.
 */

/** The case-insensitive key of a username: NFKC, trimmed, lower case. */
export function usernameKey(username: string): string {
  return normalizeUsername(username).toLowerCase();
}

/**
 * The look of a username: the skeleton of Unicode's confusables data (UTS #39, section 4: NFD, every character
 * replaced by its prototype from confusables.txt, NFD again; the mapping is the `unhomoglyph` package's copy of
 * confusables.txt), taken of the case-insensitive key and lowered again (the prototypes of '0' and '1' are 'O'
 * and 'l'). Two usernames that look alike have the same skeleton: 'аnna' (Cyrillic а) and 'anna', 'ıgor' (dotless
 * ı) and 'igor', 'rn' and 'm'. Never shown to anyone.
 */
export function usernameSkeleton(username: string): string {
  return unhomoglyph(usernameKey(username).normalize('NFD')).toLowerCase().normalize('NFD');
}

/**
 * Fills `username_skeleton` (and the NFKC `username_key`) of accounts made before look-alikes were refused, in
 * batches; run at start by every process (an update is the same whoever makes it). Two old accounts that look
 * alike keep working: the second keeps no skeleton (a warning names it) and stays out of the next runs' way.
 */
export async function backfillUsernameSkeletons(db: TDb, logger: TLogger, batch = 500): Promise<number> {
  let filled = 0;
  const skipped = new Set<string>();
  for (;;) {
    const rows = await db.user.findMany({
      where: { usernameSkeleton: null, id: { notIn: [...skipped] } },
      select: { id: true, username: true, usernameKey: true },
      orderBy: { createdAt: 'asc' },
      take: batch,
    });
    if (!rows.length) return filled;
    for (const row of rows) {
      const key = usernameKey(row.username);
      const skeleton = usernameSkeleton(row.username);
      try {
        const n = await db.user.updateMany({
          where: { id: row.id, usernameSkeleton: null },
          data: { usernameSkeleton: skeleton, ...(key !== row.usernameKey ? { usernameKey: key } : {}) },
        });
        filled += n.count;
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        skipped.add(row.id);
        logger.warn(
          { userId: row.id },
          'usernames: an account made before look-alikes were refused looks like another; left as it is',
        );
      }
    }
  }
}
