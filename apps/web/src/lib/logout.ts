import { session } from './session';

/**
 * Logout (docs/product.md, "Navigation bar" and "Sessions and tokens"): the stored user is removed at once, then
 * the server is asked to end the session with the token it had (POST /api/account/logout), so the token stops
 * working everywhere, not just here. When the server cannot be reached (or fails) the user is still signed out on
 * this device, and told that the session may live on there; a refusal (the session had ended already) is only
 * logged.
 */
export async function logout(): Promise<void> {
  const token = session.get()?.token;
  session.clear();
  if (!token) return;
  // the server's half loads on the first logout: it is not part of the first download
  const { endSession } = await import('./end-session');
  await endSession(token);
}
