import { parseArgs } from 'node:util';
import { makeSite } from './lib/make-site.ts';

/**
 * Generates a synthetic site folder for benchmarks and scale tests:
 *   node scripts/make-site.ts --pages 10000 --out bench/out/site [--seed 1] [--spaces 8]
 */

const USAGE = 'usage: node scripts/make-site.ts --pages N --out DIR [--seed S] [--spaces N]';

function wholeNumber(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number`);
  return number;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
      spaces: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.pages || !values.out) throw new Error(`--pages and --out are required (${USAGE})`);
  const result = makeSite({
    pages: wholeNumber('pages', values.pages),
    out: values.out,
    seed: wholeNumber('seed', values.seed),
    spaces: values.spaces === undefined ? undefined : wholeNumber('spaces', values.spaces),
  });
  const megabytes = (result.bytes / 1e6).toFixed(1);
  console.log(
    `make-site: ${result.pages} pages, ${result.spaces} spaces, ${result.sections} sections, ` +
      `${result.bytes} bytes (${megabytes} MB) in ${result.seconds.toFixed(2)} s -> ${values.out}`,
  );
}

try {
  main();
} catch (error) {
  console.error(`make-site: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
