/** Where the API reads the time: services take a clock, so tests can move it (expiry, renewals). */
export interface TClock {
  now(): Date;
}

export const systemClock: TClock = { now: () => new Date() };
