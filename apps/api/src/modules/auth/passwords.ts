import bcrypt from 'bcrypt';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The most common passwords (zxcvbn-ts list, ranked by frequency); any of these is refused at sign-up and reset. */
const COMMON = new Set((dictionary.passwords as string[]).slice(0, 20_000).map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export interface TPasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

export function bcryptHasher(cost: number): TPasswordHasher {
  // a real hash of a random string, so unknown accounts cost the same time as known ones
  const dummy = bcrypt.hashSync(`dummy-${Math.random()}`, cost);
  return {
    hash: (password) => bcrypt.hash(password, cost),
    async verify(password, hash) {
      return bcrypt.compare(password, hash || dummy);
    },
  };
}
