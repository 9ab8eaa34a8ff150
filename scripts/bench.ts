/**
 * `npm run bench [-- --only NAME[,NAME]]`: runs the benchmarks under scripts/bench/, prints a
 * table and writes bench/results.json. Speed and memory are proven here, never by timed tests.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchmarks } from './bench/index.ts';
import type { Figure } from './bench/types.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, out: { type: 'string', default: 'bench/results.json' } },
});
const only = values.only?.split(',').map((name) => name.trim());
const selected = benchmarks.filter((bench) => !only || only.includes(bench.name));
if (selected.length === 0) {
  console.error(
    `no benchmark named ${values.only}; known: ${benchmarks.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}

type Recorded = Figure & { benchmark: string };
// With --only, figures of the benchmarks not run are kept from the previous results.
const previous: Recorded[] = only ? await readPrevious(values.out) : [];
const figures: Recorded[] = previous.filter((figure) => !only?.includes(figure.benchmark));
for (const bench of selected) {
  console.log(`# ${bench.name}: ${bench.description}`);
  for (const figure of await bench.run()) {
    figures.push({ benchmark: bench.name, ...figure });
    console.log(
      `  ${figure.name.padEnd(58)} ${formatValue(figure.value).padStart(12)} ${figure.unit}`,
    );
  }
}

const cpus = os.cpus();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  machine: {
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  },
  figures,
};
await mkdir('bench', { recursive: true });
await writeFile(values.out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`wrote ${values.out}`);

async function readPrevious(file: string): Promise<Recorded[]> {
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as { figures: Recorded[] }).figures ?? [];
  } catch {
    return [];
  }
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 3 : 1);
}
