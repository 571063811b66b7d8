import { Client } from 'pg';

/**
 * Premium is decided by the API from the database on every request, and until the payments flow is driven end to
 * end in the browser, a test grants it directly in the database the e2e server uses: the one of DATABASE_URL (set
 * by the caller, or by global setup to a throwaway PostgreSQL).
 */

/** Gives the account the PremiumMember role and a year of access (or lifetime access). */
export async function grantPremium(
  email: string,
  { lifetime = false }: { lifetime?: boolean } = {},
): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('grantPremium: DATABASE_URL is not set (the e2e global setup sets it)');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const found = await client.query<{ id: string }>('SELECT id FROM users WHERE email_key = lower($1)', [
      email,
    ]);
    const id = found.rows[0]?.id;
    if (!id) throw new Error(`no user with email ${email} in the database`);
    await client.query(
      `INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE name = 'PremiumMember'
       ON CONFLICT DO NOTHING`,
      [id],
    );
    await client.query(
      `UPDATE users SET premium_until = now() + interval '1 year', premium_lifetime = $2, updated_at = now()
       WHERE id = $1`,
      [id, lifetime],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
