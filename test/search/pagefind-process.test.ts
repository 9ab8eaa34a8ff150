import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SearchIndexer } from '../../src/search/index-site.ts';
import { childProcesses } from '../../src/utils/proc.ts';

/** The environment of this process's Pagefind child, read from /proc. */
function pagefindEnvironment(): Map<string, string> {
  const [pid] = childProcesses('pagefind') ?? [];
  if (pid === undefined) throw new Error('no Pagefind process under this one');
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((entry) => entry.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

describe.runIf(process.platform === 'linux')("Pagefind's process", () => {
  it('starts with its allocator told to hand freed memory back, and leaves ours as it was', async () => {
    const before = process.env._RJEM_MALLOC_CONF;
    const indexer = await SearchIndexer.open();
    try {
      expect(pagefindEnvironment().get('_RJEM_MALLOC_CONF')).toBe('narenas:1,dirty_decay_ms:0');
      expect(process.env._RJEM_MALLOC_CONF).toBe(before);
    } finally {
      await indexer.close();
    }
  });
});
