import { Client } from 'pg';
import { sharedDatabaseUrl } from './api-server';

/**
 * Premium is decided by the API from the database (its user cache hears every change through PostgreSQL's
 * notifications), so a test that does not drive the payments flow grants it directly in the database the shared
 * e2e server uses (its own, created by global setup on the server of DATABASE_URL).
 */

/** Gives the account the PremiumMember role and a year of access (or lifetime access). */
export async function grantPremium(
  email: string,
  { lifetime = false }: { lifetime?: boolean } = {},
): Promise<void> {
  const client = new Client({ connectionString: sharedDatabaseUrl() });
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
