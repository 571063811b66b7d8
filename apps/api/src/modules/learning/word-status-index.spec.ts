import pg from 'pg';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';

/**
 * The progress summary's words-known count (`wordStatus.count({ userId, status: 'known' })`) is answered from the
 * (user_id, status) index alone, not from one heap page per status (docs/performance.md, "Learning tables at
 * scale"; migration 20261126160000_word_status_count_index).
 */
describe('word_statuses: the words-known count', () => {
  let t: TTestApp;
  let c: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ modules: [] });
    c = new pg.Client({ connectionString: t.database.url });
    await c.connect();
  });
  afterAll(async () => {
    await c.end();
    await t.close();
  });

  it('reads the index only, for one learner among many', async () => {
    await c.query(
      `INSERT INTO users (id, username, username_key, email, email_key, password_hash, updated_at)
       SELECT gen_random_uuid(), 'wsi' || g, 'wsi' || g, 'wsi' || g || '@example.test', 'wsi' || g || '@example.test',
              'x', now() FROM generate_series(1, 200) g`,
    );
    await c.query(
      `INSERT INTO word_statuses (user_id, lemma, status, stage, updated_at)
       SELECT u.id, 'lemat' || g, CASE WHEN g % 2 = 0 THEN 'known' ELSE 'learning' END, g % 2, now()
       FROM users u CROSS JOIN generate_series(1, 150) g WHERE u.username LIKE 'wsi%'`,
    );
    await c.query('VACUUM ANALYZE word_statuses');
    const { id } = (await c.query(`SELECT id FROM users WHERE username = 'wsi100'`)).rows[0];
    // on a table this small a bitmap scan of the same index costs about as much as the index-only scan, and the
    // planner's pick between the two varied between runs (a full run on a busy machine got the bitmap scan): what is
    // checked is that the count can be answered from the index alone, not which of two near-equal costs wins
    await c.query('SET enable_bitmapscan = off');
    const plan = (
      await c.query(`EXPLAIN SELECT count(*) FROM word_statuses WHERE user_id = $1 AND status = 'known'`, [
        id,
      ])
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    await c.query('RESET enable_bitmapscan');
    expect(plan).toMatch(/Index Only Scan using word_statuses_user_id_status_idx/);
    const { count } = (
      await c.query(
        `SELECT count(*)::int AS count FROM word_statuses WHERE user_id = $1 AND status = 'known'`,
        [id],
      )
    ).rows[0];
    expect(count).toBe(75);
  });
});
