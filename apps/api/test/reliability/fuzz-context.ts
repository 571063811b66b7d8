import jwt from 'jsonwebtoken';
import type { TApp } from '../../src/app';
import request from 'supertest';
import { ROLES } from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTokenService } from '../../src/modules/auth/tokens';
import type { TPaymentsModule } from '../../src/modules/payments';
import type { TTestApp } from '../support/test-app';
import type { TFuzzContext } from './fuzz-requests';

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** A user signed up through the API, optionally granted roles in the database. */
async function user(t: TTestApp, grant: { premium?: boolean; lifetime?: boolean; admin?: boolean } = {}) {
  const body = makeRegisterRequest();
  const res = await request(t.app).post('/api/account/register').send(body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const db = t.database.db;
  const row = await db.user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
  const roles = [...(grant.premium ? [ROLES.premium] : []), ...(grant.admin ? [ROLES.admin] : [])];
  for (const name of roles) {
    const role = await db.role.findUniqueOrThrow({ where: { name } });
    await db.userRole.create({ data: { userId: row.id, roleId: role.id } });
  }
  if (grant.premium) {
    await db.user.update({
      where: { id: row.id },
      data: grant.lifetime
        ? { premiumLifetime: true }
        : { premiumUntil: new Date(Date.now() + 30 * 86_400_000) },
    });
  }
  // a fresh token carrying the granted roles (the server decides from the database anyway)
  const login = await request(t.app)
    .post('/api/account/login')
    .send({ usernameOrEmail: body.username, password: body.password });
  return {
    id: row.id,
    username: body.username,
    email: body.email,
    password: body.password,
    token: login.body.token as string,
    tokenVersion: row.tokenVersion,
  };
}

async function getJson<T>(app: TApp, path: string): Promise<T> {
  const res = await request(app).get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.body as T;
}

/**
 * Real users (member, premium, lifetime premium, admin, one whose token version moved on), their tokens, saved-session
 * handles, and hostile tokens built with the app's own secret or without it: everything the generators draw from.
 */
export async function buildFuzzContext(t: TTestApp): Promise<TFuzzContext & { memberToken: string }> {
  const { config } = t;
  const member = await user(t);
  const premium = await user(t, { premium: true });
  const lifetime = await user(t, { premium: true, lifetime: true });
  const admin = await user(t, { admin: true });
  const stale = await user(t);
  await t.database.db.user.update({ where: { id: stale.id }, data: { tokenVersion: { increment: 1 } } });
  const loggedOut = await user(t);
  await request(t.app).post('/api/account/logout').set('Authorization', `Bearer ${loggedOut.token}`).send();
  // sessions the logout routes may end: their own users, so the real tokens above keep working throughout
  const leaving = [await user(t), await user(t)];
  const disposableAuth = [...leaving, await user(t)].map((u) => `Bearer ${u.token}`);
  for (const u of leaving) {
    const again = await request(t.app)
      .post('/api/account/login')
      .send({ usernameOrEmail: u.username, password: u.password });
    disposableAuth.push(`Bearer ${again.body.token}`);
  }

  const handles: string[] = [];
  for (const u of [member, premium, member]) {
    const res = await request(t.app)
      .post('/api/account/save-session')
      .set('Authorization', `Bearer ${u.token}`)
      .send({});
    handles.push(res.body.userId);
  }

  const secret = config.jwtSecret;
  const opts = { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
  const now = Math.floor(Date.now() / 1000);
  const claims = (sub: string, extra: Record<string, unknown> = {}) => ({
    role: 'Member',
    ver: 0,
    iat: now,
    exp: now + 3600,
    ...extra,
    sub,
  });
  const past = createTokenService({ secret, ...opts, now: () => new Date(Date.now() - 2 * 86_400_000) });
  const [h, p] = member.token.split('.');
  const session = (token: string) => {
    const c = jwt.decode(token) as { sid: string; auth_time: number };
    return { sid: c.sid, auth_time: c.auth_time };
  };
  const hostile = [
    // alg none, with and without a trailing dot
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims(member.id), iss: opts.issuer, aud: opts.audience })}.`,
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims(admin.id, { role: 'Admin' }), iss: opts.issuer, aud: opts.audience })}`,
    // the right secret, the wrong algorithm
    jwt.sign(claims(member.id), secret, { algorithm: 'HS512', ...opts }),
    jwt.sign(claims(member.id), secret, { algorithm: 'HS384', ...opts }),
    `${b64({ alg: 'RS256', typ: 'JWT' })}.${p}.${member.token.split('.')[2]}`,
    // forged: another secret; a payload swapped under a real signature; a random signature
    jwt.sign(
      claims(admin.id, { role: ['Member', 'Admin'] }),
      'not-the-secret-not-the-secret-not-the-secret',
      { algorithm: 'HS256', ...opts },
    ),
    `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: ['Member', 'PremiumMember', 'Admin'] })}.${member.token.split('.')[2]}`,
    `${h}.${p}.${b64('0123456789abcdef0123456789abcdef')}`,
    // expired, wrong issuer, wrong audience, not yet valid
    past.sign({
      sub: premium.id,
      ver: premium.tokenVersion,
      roles: ['Member', 'PremiumMember'],
      sid: session(premium.token).sid,
      authTime: Math.floor(Date.now() / 1000) - 3 * 86_400,
    }),
    jwt.sign(claims(member.id), secret, {
      algorithm: 'HS256',
      issuer: 'someone-else',
      audience: opts.audience,
    }),
    jwt.sign(claims(member.id), secret, { algorithm: 'HS256', issuer: opts.issuer, audience: 'another-app' }),
    jwt.sign({ ...claims(member.id), nbf: now + 3600 }, secret, { algorithm: 'HS256', ...opts }),
    // genuine signatures over bad subjects: not a uuid, an unknown user, a missing version, the old version
    jwt.sign(claims('../../admin'), secret, { algorithm: 'HS256', ...opts }),
    jwt.sign(claims('00000000-0000-4000-8000-000000000000'), secret, { algorithm: 'HS256', ...opts }),
    jwt.sign({ sub: member.id, role: 'Member', iat: now, exp: now + 3600 }, secret, {
      algorithm: 'HS256',
      ...opts,
    }),
    stale.token,
    // genuine signatures over bad sessions: none (a token from before sessions), another user's, a made-up one, one
    // signed in more than 30 days ago, one ended by its logout (below)
    jwt.sign(claims(member.id), secret, { algorithm: 'HS256', ...opts }),
    jwt.sign(claims(member.id, session(premium.token)), secret, { algorithm: 'HS256', ...opts }),
    jwt.sign(claims(member.id, { sid: '00000000-0000-4000-8000-000000000000', auth_time: now }), secret, {
      algorithm: 'HS256',
      ...opts,
    }),
    jwt.sign(claims(member.id, { ...session(member.token), auth_time: now - 31 * 86_400 }), secret, {
      algorithm: 'HS256',
      ...opts,
    }),
    loggedOut.token,
    // not bearer tokens at all
    `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    'Bearer',
    'Bearer ',
    `Bearer ${member.token} `,
    `bearer ${member.token}`,
    `Bearer ${member.token}x`,
    `Bearer ${'a'.repeat(5000)}`,
    `Bearer ${member.token},${admin.token}`,
  ].map((v) => (/^(Basic|Bearer|bearer)\b/.test(v) ? v : `Bearer ${v}`));

  // a genuine token of the member claiming premium and admin: valid, but the database says Member
  const escalated = jwt.sign(
    claims(member.id, {
      role: ['Member', 'PremiumMember', 'Admin'],
      ver: member.tokenVersion,
      ...session(member.token),
    }),
    secret,
    {
      algorithm: 'HS256',
      ...opts,
    },
  );
  const realAuth = [member.token, premium.token, lifetime.token, admin.token, escalated].map(
    (tk) => `Bearer ${tk}`,
  );

  const hubs = (await getJson<{ id: string }[]>(t.app, '/api/content/hubs')).map((x) => x.id);
  const lessons: [string, string][] = [];
  for (const hub of hubs) {
    const { lessons: list } = await getJson<{ lessons: { slug: string; premium: boolean }[] }>(
      t.app,
      `/api/content/hubs/${hub}`,
    );
    const picks = [list[0], list.find((l) => l.premium), list[list.length - 1]].filter(
      (l): l is { slug: string; premium: boolean } => Boolean(l),
    );
    for (const l of new Set(picks)) lessons.push([hub, l.slug]);
  }
  const episodes = await getJson<{ slug: string; audioUrl: string }[]>(t.app, '/api/content/podcast');
  const podcast = episodes.map((x) => x.slug);
  const podcastFiles = episodes.map((x) => x.audioUrl.split('/').pop() ?? '').filter(Boolean);
  const blog = (await getJson<{ slug: string }[]>(t.app, '/api/content/blog')).map((x) => x.slug);

  const payments = (t.deps.modules ?? []).find((m) => m.name === 'payments') as TPaymentsModule | undefined;
  if (!payments) throw new Error('the payments module is not mounted');
  return {
    memberToken: member.token,
    realAuth,
    disposableAuth,
    hostileAuth: hostile,
    userIds: [member.id, premium.id, admin.id, stale.id],
    usernames: [member.username, premium.username],
    emails: [member.email, admin.email],
    handles,
    hubs,
    lessons,
    podcast,
    podcastFiles,
    blog,
    priceIds: [
      'price_once_yearly_usd',
      'price_once_lifetime_eur',
      'price_sub_monthly_usd',
      'price_sub_yearly_pln',
    ],
    signWebhook: (payload) =>
      payments.stripe.webhooks.generateTestHeaderString({ payload, secret: payments.webhookSecret }),
    publicUrl: config.PUBLIC_URL,
  };
}
