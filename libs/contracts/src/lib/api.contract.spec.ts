import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { API_CONTRACT, contractRoutes } from './api.contract';
import { allResponses, errorCodesOf, responseSchema } from './contract';
import { ALL_ERROR_CODES, ERROR_CODES } from './error-codes';
import { ROUTES } from './routes';

describe('the API contract', () => {
  it('has a spec for every route of ROUTES, and for nothing else', () => {
    for (const [resource, routes] of Object.entries(ROUTES)) {
      const contract = API_CONTRACT[resource as keyof typeof API_CONTRACT] as Record<string, unknown>;
      expect(Object.keys(contract).sort()).toEqual(Object.keys(routes).sort());
    }
    expect(Object.keys(API_CONTRACT).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('gives every method and path to one route only', () => {
    const seen = new Map<string, string>();
    for (const { resource, name, route } of contractRoutes()) {
      const key = `${route.method} ${route.path}`;
      expect(seen.get(key)).toBeUndefined();
      seen.set(key, `${resource}.${name}`);
    }
  });

  it("declares a schema for exactly the path's parameters", () => {
    for (const { route } of contractRoutes()) {
      const names = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]).sort();
      expect([route.path, Object.keys(route.params?.shape ?? {}).sort()]).toEqual([route.path, names]);
    }
  });

  it('declares a success answer for every route, and a validation answer where a body or query is validated', () => {
    for (const { route } of contractRoutes()) {
      const statuses = Object.keys(allResponses(route)).map(Number);
      expect([route.path, statuses.some((s) => s >= 200 && s < 300)]).toEqual([route.path, true]);
      if (route.body || route.query) {
        expect([route.path, errorCodesOf(route)[400]]).toEqual([
          route.path,
          expect.arrayContaining([ERROR_CODES.validationFailed]),
        ]);
      }
    }
  });

  it('answers every error with a known code, and refuses a code the route does not declare', () => {
    const login = API_CONTRACT.account.login;
    const schema401 = responseSchema(login, 401)!;
    const body = { status: 401, code: 'invalid_credentials', message: 'Invalid username/email or password' };
    expect(schema401.safeParse(body).success).toBe(true);
    expect(schema401.safeParse({ ...body, code: 'premium_required' }).success).toBe(false);
    // every route under /api can refuse a bad token
    expect(errorCodesOf(login)[401]).toEqual(
      expect.arrayContaining(['invalid_credentials', 'session_expired']),
    );
    for (const { route } of contractRoutes()) {
      for (const codes of Object.values(errorCodesOf(route))) {
        for (const code of codes) expect(ALL_ERROR_CODES).toContain(code);
      }
    }
  });

  it('keeps the 400 validation-errors object as the spec describes it, with its code', () => {
    const schema = responseSchema(API_CONTRACT.account.register, 400)!;
    const ok = schema.safeParse({
      status: 400,
      code: 'validation_failed',
      title: 'One or more validation errors occurred.',
      errors: { username: ['Please enter Username'] },
    });
    expect(ok.success).toBe(true);
    expect(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).toBeTruthy();
  });

  it('lists every error code, and only those, in docs/api.md', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'api.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Error codes'));
    const documented = [...table.matchAll(/^\| `([a-z_]+)`/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual([...ALL_ERROR_CODES].sort());
  });
});
