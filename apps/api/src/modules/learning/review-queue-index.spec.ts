import { createTestDatabase } from '../../../test/support/test-database';
import type { TDatabase } from '../../lib/db';

/**
 * The review queue's two groups each read their own partial index (migration 20261127210000_review_queue_indexes;
 * docs/database.md). On the (user_id, due) index alone, the reviews' query of a learner with many new cards due
 * walked every one of them and dropped it by filter: one heap page per new card, on every review answer.
 */
describe('review queue indexes', () => {
  let database: TDatabase;
  const USER = '00000000-0000-4000-8000-0000000000a1';

  beforeAll(async () => {
    database = await createTestDatabase();
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    await q(
      `INSERT INTO users (id, username, username_key, email, email_key, password_hash, updated_at)
       VALUES ($1, 'queue', 'queue', 'queue@example.test', 'queue@example.test', 'x', now())`,
      [USER],
    );
    await q(
      `INSERT INTO saved_words (id, user_id, lemma, pos, form, sentence, translation, hub, slug, paragraph,
                                sentence_index, token, meaning)
       SELECT gen_random_uuid(), $1, 'w' || g, 'subst', 'w' || g, 'S.', 'S.', 'h', 's', 0, 0, 0, 'm'
       FROM generate_series(1, 400) g`,
      [USER],
    );
    // 380 new cards due (state 0), 20 reviews (state 2) due in a week: the reviews' query finds nothing due
    await q(
      `INSERT INTO review_cards (id, user_id, saved_word_id, due, stability, difficulty, elapsed_days,
                                 scheduled_days, learning_steps, reps, lapses, state)
       SELECT gen_random_uuid(), w.user_id, w.id,
              CASE WHEN n <= 20 THEN now() + interval '7 days' ELSE now() - interval '1 day' END,
              0, 0, 0, 0, 0, CASE WHEN n <= 20 THEN 1 ELSE 0 END, 0, CASE WHEN n <= 20 THEN 2 ELSE 0 END
       FROM (SELECT w.*, row_number() OVER (ORDER BY w.lemma) AS n FROM saved_words w) w`,
    );
    await q('ANALYZE review_cards');
  });
  afterAll(() => database.close());

  /** The plan of a group's query as hot-sql.ts writes it, with the planner kept off plans that read every row. */
  async function plan(state: '= 0' | '<> 0') {
    const client = await database.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_bitmapscan = off');
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
         SELECT c.id FROM review_cards c JOIN saved_words w ON w.id = c.saved_word_id
         WHERE c.user_id = $1::uuid AND c.due <= now() AND c.state ${state}
         ORDER BY c.due, c.id LIMIT 1`,
        [USER],
      );
      await client.query('RESET ALL');
      type TNode = { 'Relation Name'?: string; 'Index Name'?: string; Filter?: string; Plans?: TNode[] };
      const root = rows[0]['QUERY PLAN'][0] as { Plan: TNode & { 'Shared Hit Blocks': number } };
      const nodes: TNode[] = [];
      const walk = (n: TNode) => {
        nodes.push(n);
        n.Plans?.forEach(walk);
      };
      walk(root.Plan);
      const cards = nodes.find((n) => n['Relation Name'] === 'review_cards');
      return { index: cards?.['Index Name'], filter: cards?.Filter, pages: root.Plan['Shared Hit Blocks'] };
    } finally {
      client.release();
    }
  }

  it('reads the reviews due from their own index, without walking the new cards', async () => {
    const p = await plan('<> 0');
    expect(p.index).toBe('review_cards_reviews_due_idx');
    expect(p.filter).toBeUndefined();
    // a handful of index pages, not one heap page per new card due (380 on the (user_id, due) index)
    expect(p.pages).toBeLessThan(20);
  });

  it('reads the new cards due from theirs', async () => {
    const p = await plan('= 0');
    expect(p.index).toBe('review_cards_new_due_idx');
    expect(p.filter).toBeUndefined();
  });
});
