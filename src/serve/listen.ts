import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts `server` on `host:port` (0: any free port) and gives its origin, as a browser writes it
 * (an IPv6 host in brackets), and a close that also ends kept-alive connections.
 */
export async function listen(
  server: Server,
  port: number,
  host: string,
): Promise<{ origin: string; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${shown}:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
