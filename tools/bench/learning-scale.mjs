#!/usr/bin/env node
// A paper estimate of the learning tables for many learners on one PostgreSQL (issue 17; docs/performance.md,
// "Learning tables at scale"), from a generated dataset:
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node tools/bench/learning-scale.mjs \
//     [--learners 1000] [--cards 2000] [--logs-per-card 5] [--target-learners 1000000] [--db bench_learning] \
//     [--keep] [--out <file.json>]
//
// It creates a scratch database (default `bench_learning`, dropped at the end unless --keep), applies the Prisma
// migrations (prisma/migrations/*/migration.sql, in order), generates with `generate_series` `learners` learners
// with `cards` saved words, review cards and word statuses each, `logs-per-card` review logs per card (1,000 x 2,000
// x 5 = 10 million review logs), a year of activity days and some completed lessons, runs ANALYZE, and prints:
// each table's rows, heap, index and total size (pg_relation_size, pg_indexes_size, pg_total_relation_size), the
// bytes per row, the same scaled to `target-learners`, and EXPLAIN (ANALYZE, BUFFERS) of the hot queries (due cards,
// an answer, a lesson's statuses, the progress summary's queries) for one learner, each run twice (the second
// with a warm cache is printed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { args, fail, machine, requireDatabaseUrl, root } from './lib.mjs';

const opts = args({
  learners: 1000,
  cards: 2000,
  logsPerCard: 5,
  targetLearners: 1_000_000,
  db: 'bench_learning',
  keep: false,
  out: '',
});
const serverUrl = requireDatabaseUrl();
if (!/^[a-z_][a-z0-9_]*$/.test(opts.db)) fail(`--db: a plain database name, not "${opts.db}"`);
const TABLES = [
  'users',
  'saved_words',
  'review_cards',
  'review_logs',
  'word_statuses',
  'activity_days',
  'lesson_progress',
  'learner_settings',
];

const dbUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${opts.db}`;
  return u.toString();
})();

async function admin(sql) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const timed = async (label, c, sql, params = []) => {
  const t0 = Date.now();
  const r = await c.query(sql, params);
  console.log(`  ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return r;
};

async function generate(c) {
  const { learners: L, cards: C, logsPerCard: K } = opts;
  console.log(
    `generating ${L} learners x ${C} cards, ${K} logs per card (${(L * C * K).toLocaleString('en')} logs)`,
  );
  await c.query('SET synchronous_commit = off');
  await timed(
    'users',
    c,
    `INSERT INTO users (id, username, username_key, email, email_key, password_hash, updated_at)
     SELECT gen_random_uuid(), 'learner' || g, 'learner' || g, 'learner' || g || '@example.test',
            'learner' || g || '@example.test', '$2b$12$' || repeat('x', 53), now()
     FROM generate_series(1, $1::int) g`,
    [L],
  );
  await timed(
    'learner_settings',
    c,
    `INSERT INTO learner_settings (user_id, updated_at) SELECT id, now() FROM users`,
  );
  // saved words: a realistic sentence and translation (~60 and ~60 characters), lemma and form
  await timed(
    'saved_words',
    c,
    `INSERT INTO saved_words (id, user_id, lemma, pos, form, sentence, translation, hub, slug, paragraph,
                              sentence_index, token, meaning, created_at)
     SELECT gen_random_uuid(), u.id, 'lemat' || g, 'subst', 'lematem' || g,
            'Wczoraj wieczorem rozmawialiśmy długo o lemacie numer ' || g || '.',
            'Yesterday evening we talked for a long time about lemma number ' || g || '.',
            'mini-stories', 'kawiarnia-na-rogu', g % 5, g % 7, g % 9, 'a meaning of lemma ' || g,
            now() - (g % 365) * interval '1 day'
     FROM users u CROSS JOIN generate_series(1, $1::int) g`,
    [C],
  );
  // cards: a tenth new, the rest reviewed; due from 10 days ago to a year ahead
  await timed(
    'review_cards',
    c,
    `INSERT INTO review_cards (id, user_id, saved_word_id, due, stability, difficulty, elapsed_days, scheduled_days,
                               learning_steps, reps, lapses, state, last_review, created_at)
     SELECT gen_random_uuid(), w.user_id, w.id,
            now() + ((hashtext(w.id::text) & 65535) % 375 - 10) * interval '1 day' + (hashtext(w.lemma) & 1023) * interval '1 second',
            3.5 + (hashtext(w.lemma) & 255) / 10.0, 5.0, 3, 7, 0,
            CASE WHEN (hashtext(w.id::text) & 15) < 2 THEN 0 ELSE $1::int END, 0,
            CASE WHEN (hashtext(w.id::text) & 15) < 2 THEN 0 ELSE 2 END,
            now() - interval '3 days', w.created_at
     FROM saved_words w`,
    [K],
  );
  await timed(
    'word_statuses',
    c,
    `INSERT INTO word_statuses (user_id, lemma, status, stage, updated_at)
     SELECT user_id, lemma, CASE WHEN hashtext(lemma) & 1 = 0 THEN 'known' ELSE 'learning' END,
            CASE WHEN hashtext(lemma) & 1 = 0 THEN 0 ELSE 1 + (hashtext(lemma) & 3) END, now()
     FROM saved_words`,
  );
  // review logs: K per card, spread over the past year; card_before as the API stores it (the whole card as JSON)
  await timed(
    'review_logs',
    c,
    `INSERT INTO review_logs (id, user_id, card_id, rating, card_type, state, card_before, day, seconds, review)
     SELECT gen_random_uuid(), c.user_id, c.id, 1 + (k % 4), (ARRAY['meaning','cloze','listening'])[1 + k % 3],
            CASE WHEN k = 1 THEN 0 ELSE 2 END,
            jsonb_build_object('due', c.due, 'stability', c.stability, 'difficulty', c.difficulty,
                               'elapsedDays', c.elapsed_days, 'scheduledDays', c.scheduled_days,
                               'learningSteps', 0, 'reps', k - 1, 'lapses', 0, 'state', 2,
                               'lastReview', c.last_review),
            (now() - (k * 60 + (hashtext(c.id::text) & 63)) * interval '1 day')::date, 8,
            now() - (k * 60 + (hashtext(c.id::text) & 63)) * interval '1 day'
     FROM review_cards c CROSS JOIN generate_series(1, $1::int) k WHERE c.state <> 0`,
    [K],
  );
  await timed(
    'activity_days',
    c,
    `INSERT INTO activity_days (user_id, day, lessons, reviews, new_cards, items, seconds)
     SELECT u.id, (now() - d * interval '1 day')::date, d % 2, 30, 5, 35, 900
     FROM users u CROSS JOIN generate_series(0, 364) d`,
  );
  await timed(
    'lesson_progress',
    c,
    `INSERT INTO lesson_progress (user_id, hub, slug, completed_at)
     SELECT u.id, 'mini-stories', 'lesson-' || g, now() - g * interval '1 day'
     FROM users u CROSS JOIN generate_series(1, 40) g`,
  );
  await timed('VACUUM ANALYZE', c, 'VACUUM ANALYZE');
}

async function sizes(c) {
  const out = {};
  for (const t of TABLES) {
    const r = (
      await c.query(
        `SELECT (SELECT count(*) FROM ${t})::bigint AS rows, pg_relation_size('${t}') AS heap,
                pg_indexes_size('${t}') AS indexes, pg_total_relation_size('${t}') AS total`,
      )
    ).rows[0];
    const idx = (
      await c.query(
        `SELECT indexrelname AS name, pg_relation_size(indexrelid) AS bytes FROM pg_stat_user_indexes
         WHERE relname = $1 ORDER BY indexrelname`,
        [t],
      )
    ).rows;
    out[t] = {
      rows: Number(r.rows),
      heap: Number(r.heap),
      indexes: Number(r.indexes),
      total: Number(r.total),
      indexList: idx.map((i) => ({ name: i.name, bytes: Number(i.bytes) })),
    };
  }
  return out;
}

/** The hot queries, as the learning module runs them (apps/api/src/modules/learning), for one learner. */
function hotQueries(userId, cardId, lemmas) {
  return [
    {
      name: 'due reviews (queue, and after each answer)',
      sql: `SELECT * FROM review_cards WHERE user_id = $1 AND due <= now() AND state <> 0 ORDER BY due, id LIMIT 20`,
      params: [userId],
    },
    {
      name: 'due new cards',
      sql: `SELECT * FROM review_cards WHERE user_id = $1 AND due <= now() AND state = 0 ORDER BY due, id LIMIT 10`,
      params: [userId],
    },
    {
      name: "the cards' saved words (Prisma's include)",
      sql: `SELECT w.* FROM saved_words w WHERE w.id IN (SELECT saved_word_id FROM review_cards
             WHERE user_id = $1 AND due <= now() AND state <> 0 ORDER BY due, id LIMIT 20)`,
      params: [userId],
    },
    {
      name: 'answer: the card and its word',
      sql: `SELECT c.*, w.lemma, w.form FROM review_cards c JOIN saved_words w ON w.id = c.saved_word_id
            WHERE c.id = $1 AND c.user_id = $2`,
      params: [cardId, userId],
    },
    {
      name: 'answer: update the card (rolled back)',
      write: true,
      sql: `UPDATE review_cards SET due = now() + interval '3 days', stability = stability + 1, reps = reps + 1,
            last_review = now() WHERE id = $1 AND reps = (SELECT reps FROM review_cards WHERE id = $1)`,
      params: [cardId],
    },
    {
      name: 'answer: insert the log (rolled back)',
      write: true,
      sql: `INSERT INTO review_logs (id, user_id, card_id, rating, card_type, state, card_before, day, seconds, review)
            VALUES (gen_random_uuid(), $1, $2, 3, 'meaning', 2, '{"reps":5}', current_date, 8, now())`,
      params: [userId, cardId],
    },
    {
      name: "answer: the day's activity (rolled back)",
      write: true,
      sql: `INSERT INTO activity_days (user_id, day, reviews, items, seconds) VALUES ($1, current_date, 1, 1, 8)
            ON CONFLICT (user_id, day) DO UPDATE SET reviews = activity_days.reviews + 1,
            items = activity_days.items + 1, seconds = activity_days.seconds + 8`,
      params: [userId],
    },
    {
      name: 'undo: the last answer',
      sql: `SELECT * FROM review_logs WHERE user_id = $1 ORDER BY review DESC, id DESC LIMIT 1`,
      params: [userId],
    },
    {
      name: "a lesson's statuses (80 lemmas)",
      sql: `SELECT lemma, status, stage FROM word_statuses WHERE user_id = $1 AND lemma = ANY($2)`,
      params: [userId, lemmas],
    },
    {
      name: 'progress: words known',
      sql: `SELECT count(*) FROM word_statuses WHERE user_id = $1 AND status = 'known'`,
      params: [userId],
    },
    {
      name: 'progress: reviews due in the next 30 days',
      sql: `SELECT date_trunc('day', due) AS day, count(*) FROM review_cards
            WHERE user_id = $1 AND due < now() + interval '30 days' GROUP BY 1 ORDER BY 1`,
      params: [userId],
    },
    {
      name: 'progress: activity of the last year (streak, calendar)',
      sql: `SELECT * FROM activity_days WHERE user_id = $1 AND day >= current_date - 365 ORDER BY day DESC`,
      params: [userId],
    },
    {
      name: 'progress: completed lessons',
      sql: `SELECT hub, count(*) FROM lesson_progress WHERE user_id = $1 GROUP BY hub`,
      params: [userId],
    },
  ];
}

async function explain(c) {
  const learner = (
    await c.query(`SELECT id FROM users ORDER BY username OFFSET $1 LIMIT 1`, [Math.floor(opts.learners / 2)])
  ).rows[0].id;
  const card = (
    await c.query(`SELECT id FROM review_cards WHERE user_id = $1 AND state <> 0 LIMIT 1`, [learner])
  ).rows[0].id;
  const lemmas = (
    await c.query(`SELECT lemma FROM word_statuses WHERE user_id = $1 LIMIT 60`, [learner])
  ).rows
    .map((r) => r.lemma)
    .concat(Array.from({ length: 20 }, (_, i) => `nieznany${i}`));
  const plans = [];
  for (const q of hotQueries(learner, card, lemmas)) {
    let text = '';
    for (let run = 0; run < 2; run++) {
      await c.query('BEGIN');
      try {
        const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
        text = r.rows.map((x) => x['QUERY PLAN']).join('\n');
      } finally {
        await c.query('ROLLBACK');
      }
    }
    const ms = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
    console.log(`\n-- ${q.name} (${ms} ms)\n${text}`);
    plans.push({ name: q.name, executionMs: Number(ms), plan: text });
  }
  return plans;
}

function markdown(sz) {
  const mb = (b) => (b / 1024 ** 2).toFixed(1);
  const gb = (b) => (b / 1024 ** 3).toFixed(0);
  const scale = opts.targetLearners / opts.learners;
  const lines = [
    `| table | rows | heap MB | indexes MB | total MB | bytes/row (total) | rows at ${opts.targetLearners.toLocaleString('en')} learners | total GB there |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  let sum = 0;
  for (const [t, s] of Object.entries(sz)) {
    const per = s.rows ? s.total / s.rows : 0;
    sum += s.total * scale;
    lines.push(
      `| ${t} | ${s.rows.toLocaleString('en')} | ${mb(s.heap)} | ${mb(s.indexes)} | ${mb(s.total)} | ${per.toFixed(0)} | ` +
        `${Math.round(s.rows * scale).toLocaleString('en')} | ${gb(s.total * scale)} |`,
    );
  }
  lines.push(
    '',
    `total at ${opts.targetLearners.toLocaleString('en')} learners: ${gb(sum)} GB`,
    '',
    'indexes:',
  );
  for (const [t, s] of Object.entries(sz))
    for (const i of s.indexList)
      lines.push(`- ${t}.${i.name}: ${mb(i.bytes)} MB (${(i.bytes / Math.max(1, s.rows)).toFixed(0)} B/row)`);
  return lines.join('\n');
}

async function main() {
  const facts = machine();
  console.log(`machine: ${facts.nproc} CPUs, ${facts.memoryGb} GB, load ${facts.loadAverage.join(' ')}`);
  await admin(`DROP DATABASE IF EXISTS ${opts.db} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${opts.db}`);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const dir = join(root, 'prisma', 'migrations');
    for (const m of readdirSync(dir)
      .filter((d) => /^\d{14}_/.test(d))
      .sort())
      await c.query(readFileSync(join(dir, m, 'migration.sql'), 'utf8'));
    const t0 = Date.now();
    await generate(c);
    const generationSeconds = (Date.now() - t0) / 1000;
    const sz = await sizes(c);
    console.log(`\n${markdown(sz)}`);
    const plans = await explain(c);
    const report = {
      machine: { ...facts, loadAverageAfter: machine().loadAverage },
      options: opts,
      generationSeconds,
      sizes: sz,
      plans,
    };
    if (opts.out) writeFileSync(opts.out, JSON.stringify(report, null, 2));
  } finally {
    await c.end();
    if (!opts.keep) await admin(`DROP DATABASE IF EXISTS ${opts.db} WITH (FORCE)`);
  }
}

try {
  await main();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
}
