import { createServer } from 'node:net';

/**
 * A free TCP port below Linux's ephemeral range (32768–60999), where no `listen(0)` of the run
 * lands: a port the run can hand to one process after another and find still free.
 */
export async function quietPort(seed = process.pid): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + ((seed + attempt * 97) % 12_000);
    if (await isFree(port)) return port;
  }
  throw new Error('quietPort: no free port between 20000 and 32000');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
