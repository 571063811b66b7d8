import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server';
import { TEST_ENV } from '../test/support/test-app';
import { createTestDatabase } from '../test/support/test-database';

describe('server lifecycle', () => {
  it('serves on a port, and on stop finishes the request in flight before closing', async () => {
    const database = await createTestDatabase();
    const env = {
      ...TEST_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'polski-server-')),
      DATABASE_URL: database.url,
    };
    const running = await startServer(env);
    try {
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
      // a slow request: the register endpoint hashes a password (bcrypt) and writes; start it, then stop as soon as
      // the server has it (a fixed wait raced a busy machine: the stop came before the connection, ECONNRESET)
      const received = new Promise<void>((resolve) => running.server.once('request', () => resolve()));
      const inFlight = fetch(`${running.url}/api/account/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          username: 'shutdown_user',
          email: 'shutdown@example.test',
          lang: 'en',
          password: 'Kr0wa-na-lace',
          confirmPassword: 'Kr0wa-na-lace',
        }),
      });
      await received;
      const stopping = running.stop();
      const res = await inFlight;
      expect(res.status).toBe(201);
      await stopping;
      await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
    } finally {
      await running.stop();
      await database.close();
    }
  });
});
