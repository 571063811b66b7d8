import type { TUserResponse } from '@polski/contracts';

export function makeUser(overrides: Partial<TUserResponse> = {}): TUserResponse {
  return {
    token: 'header.payload.signature',
    username: 'ola',
    email: 'ola@example.test',
    lang: 'en',
    emailConfirmed: false,
    roles: ['Member'],
    cus: null,
    premiumLifetime: false,
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
