import jwt from 'jsonwebtoken';
import { createTokenService, VERIFIED_TOKENS_KEPT } from './tokens';

describe('access tokens', () => {
  let now = new Date('2026-11-22T12:00:00Z');
  const options = {
    secret: 'a-test-secret-of-forty-eight-characters-length!!',
    issuer: 'polski',
    audience: 'web',
  };
  const service = createTokenService({ ...options, ttlSeconds: 600, now: () => now });
  const claims = { sub: '0d3c1e59-8d4f-4c57-9a2e-3a9f6f1b2c11', ver: 3, roles: ['Member', 'Premium'] };

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
});
