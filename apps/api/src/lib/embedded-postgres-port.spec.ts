import { createServer } from 'node:net';
import { freeLoopbackPort } from './embedded-postgres';

// The API starts its embedded PostgreSQL before it listens: its own PORT is free then, and the system may hand it to
// the server (a browser test's API once failed with EADDRINUSE on the port its test had chosen for it).
describe('the embedded PostgreSQL server port', () => {
  it('is never one of the ports to avoid, even when the system hands it out first', async () => {
    const handedOut = [41000, 41000, 41001];
    const next = () => Promise.resolve(handedOut.shift()!);
    await expect(freeLoopbackPort([41000], next)).resolves.toBe(41001);
  });

  it('is a loopback port nothing listens on', async () => {
    const port = await freeLoopbackPort([]);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise((resolve) => server.close(resolve));
    expect(port).toBeGreaterThan(0);
  });
});
