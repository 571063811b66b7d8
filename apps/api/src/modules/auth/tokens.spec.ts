import jwt from 'jsonwebtoken';
import { createTokenService, SessionEndedError, VERIFIED_TOKENS_KEPT } from './tokens';

describe('access tokens', () => {
  let now = new Date('2026-11-22T12:00:00Z');
  const options = {
    secret: 'a-test-secret-of-forty-eight-characters-length!!',
    issuer: 'polski',
    audience: 'web',
  };
  const service = createTokenService({ ...options, ttlSeconds: 600, now: () => now });
  const signedIn = Math.floor(new Date('2026-11-22T12:00:00Z').getTime() / 1000);
  const claims = {
    sub: '0d3c1e59-8d4f-4c57-9a2e-3a9f6f1b2c11',
    ver: 3,
    roles: ['Member', 'Premium'],
    sid: '7b1f0a52-3c9e-4d2a-8f61-5e0c2b9d4a17',
    authTime: signedIn,
  };

  beforeEach(() => {
    now = new Date('2026-11-22T12:00:00Z');
  });

  it('verifies what it signed, again and again, with the same claims', () => {
    const token = service.sign(claims);
    expect(service.verify(token)).toEqual(claims);
    expect(service.verify(token)).toEqual(claims);
  });

  it('refuses a verified token once it expires, even though it was verified before', () => {
    const token = service.sign(claims);
    expect(service.verify(token).sub).toBe(claims.sub);
    now = new Date(now.getTime() + 599_000);
    expect(service.verify(token).sub).toBe(claims.sub);
    now = new Date(now.getTime() + 1_000); // the second of `exp`
    expect(() => service.verify(token)).toThrow(/expired/);
    expect(() => service.verify(token)).toThrow(/expired/);
  });

  it('refuses any change to a verified token: signature, claims, algorithm', () => {
    const token = service.sign(claims);
    service.verify(token);
    const [header, payload, signature] = token.split('.');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(() => service.verify(`${header}.${payload}.${flipped}`)).toThrow();
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...body, ver: 4 })).toString('base64url');
    expect(() => service.verify(`${header}.${forged}.${signature}`)).toThrow();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(() => service.verify(`${none}.${payload}.`)).toThrow();
    expect(() => service.verify(`${token} `)).toThrow();
    expect(service.verify(token)).toEqual(claims);
  });

  it('refuses tokens of another secret, issuer or audience', () => {
    const other = createTokenService({
      ...options,
      secret: 'another-secret-of-forty-eight-characters-length!',
    });
    const token = other.sign(claims);
    expect(other.verify(token)).toEqual(claims);
    expect(() => service.verify(token)).toThrow();
    const foreign = jwt.sign({ role: 'Admin', ver: 3 }, options.secret, {
      algorithm: 'HS256',
      issuer: 'someone-else',
      audience: options.audience,
      subject: claims.sub,
      expiresIn: 600,
    });
    expect(() => service.verify(foreign)).toThrow();
  });

  it('hands out copies: changing returned claims changes nothing for the next request', () => {
    const token = service.sign(claims);
    service.verify(token).roles.push('Admin');
    const again = service.verify(token);
    again.roles.push('Admin');
    expect(service.verify(token).roles).toEqual(['Member', 'Premium']);
  });

  it('keeps a bounded number of verified tokens, and still verifies the forgotten ones in full', () => {
    const first = service.sign(claims);
    service.verify(first);
    for (let i = 0; i < VERIFIED_TOKENS_KEPT + 10; i++) service.verify(service.sign({ ...claims, ver: i }));
    expect(service.verify(first)).toEqual(claims);
    now = new Date(now.getTime() + 600_000);
    expect(() => service.verify(first)).toThrow(/expired/);
  });

  describe('the session claims (docs/product.md, "Sessions and tokens")', () => {
    const DAY = 86_400;
    const long = createTokenService({ ...options, ttlSeconds: 7 * DAY, now: () => now });

    it('carries the session id and sign-in time, and never expires after 30 days from the sign-in', () => {
      const first = long.sign(claims);
      expect(jwt.decode(first)).toMatchObject({
        sid: claims.sid,
        auth_time: signedIn,
        exp: signedIn + 7 * DAY,
      });
      // refreshed on day 27: a 7-day token would end on day 34, the session ends on day 30
      now = new Date((signedIn + 27 * DAY) * 1000);
      const late = long.sign(claims);
      expect(jwt.decode(late)).toMatchObject({ auth_time: signedIn, exp: signedIn + 30 * DAY });
      expect(long.verify(late)).toEqual(claims);
      now = new Date((signedIn + 30 * DAY) * 1000);
      expect(() => long.verify(late)).toThrow();
      expect(() => long.sign(claims)).toThrow(SessionEndedError);
    });

    it('refuses a genuine token signed in more than 30 days ago whatever its expiry, also once verified', () => {
      now = new Date((signedIn + 29 * DAY) * 1000);
      const iat = signedIn + 29 * DAY;
      const stretched = jwt.sign(
        { role: 'Member', ver: 3, sid: claims.sid, auth_time: signedIn, iat, exp: iat + 7 * DAY },
        options.secret,
        { algorithm: 'HS256', issuer: options.issuer, audience: options.audience, subject: claims.sub },
      );
      expect(long.verify(stretched).authTime).toBe(signedIn);
      now = new Date((signedIn + 30 * DAY) * 1000);
      expect(() => long.verify(stretched)).toThrow(SessionEndedError);
      expect(() => long.verify(stretched)).toThrow(SessionEndedError);
    });

    it('refuses a genuine token without a session (issued before sessions existed) as an ended session', () => {
      const legacy = jwt.sign({ role: 'Member', ver: 3 }, options.secret, {
        algorithm: 'HS256',
        issuer: options.issuer,
        audience: options.audience,
        subject: claims.sub,
        expiresIn: 600,
      });
      expect(() => service.verify(legacy)).toThrow(SessionEndedError);
      const badSid = jwt.sign({ role: 'Member', ver: 3, sid: '../x', auth_time: signedIn }, options.secret, {
        algorithm: 'HS256',
        issuer: options.issuer,
        audience: options.audience,
        subject: claims.sub,
        expiresIn: 600,
      });
      expect(() => service.verify(badSid)).toThrow(SessionEndedError);
    });
  });
});
