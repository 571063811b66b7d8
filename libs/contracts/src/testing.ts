import type { TRegisterRequest } from './lib/account';

let counter = 0;

/** A valid, unique registration payload; override any field. */
export function makeRegisterRequest(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = overrides.password ?? 'Kr0wa-na-lace';
  return {
    username: `learner_${id}`,
    email: `learner_${id}@example.test`,
    lang: 'en',
    password,
    confirmPassword: password,
    ...overrides,
  };
}
