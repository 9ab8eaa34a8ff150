import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { EXAMPLE_PAGES_DIR } from '../../src/cli/site-source.ts';
import { type PdfResult, type PdfScope, writeSitePdfs } from '../../src/pdf/index.ts';
import { CHROMIUM, requireChromium } from '../helpers/browser.ts';

/**
 * The example the global setup built, printed by real Chromium once per test run for each
 * way of printing it, whichever test file asks first: printing is most of what the PDF tests
 * cost, and several files read the same PDFs. Test files run in parallel worker processes, so
 * the first to ask takes a lock (an atomic mkdir) and the others wait for its PDFs.
 */
export interface PrintedExample {
  pdfDir: string;
  result: PdfResult;
  /** Files of the rendered site that printing changed (it must change none). */
  changedSiteFiles: string[];
}

export interface PrintWay {
  scope?: PdfScope;
  /** Site pages per print: small, to make the example's PDFs print in chunks. */
  chunkPages?: number;
}

/** On every cover. */
export const PRINT_DATE = '2026-01-02';

const WAIT_MS = 300_000;

export async function printedExample(way: PrintWay = {}): Promise<PrintedExample> {
  requireChromium();
  const { outDir, cacheDir } = inject('exampleBuild');
  // Beside the built site, so that the global setup's cleanup takes the PDFs too.
  const prints = path.join(path.dirname(outDir), 'pdf-prints');
  const key = `${way.scope ?? 'section'}-${way.chunkPages ?? 'whole'}`;
  const done = path.join(prints, key);
  await mkdir(prints, { recursive: true });
  try {
    await mkdir(`${done}.lock`);
  } catch {
    return waitFor(done);
  }
  try {
    const scratch = `${done}.printing`;
    const before = await hashes(outDir);
    const result = await writeSitePdfs({
      cacheDir,
      outDir,
      pdfDir: scratch,
      pagesDir: EXAMPLE_PAGES_DIR,
      chromium: CHROMIUM,
      date: PRINT_DATE,
      ...(way.scope ? { scope: way.scope } : {}),
      ...(way.chunkPages ? { chunkPages: way.chunkPages } : {}),
    });
    const after = await hashes(outDir);
    const changedSiteFiles = [...new Set([...before.keys(), ...after.keys()])].filter(
      (file) => before.get(file) !== after.get(file),
    );
    await writeFile(
      path.join(scratch, 'printed.json'),
      JSON.stringify({ result, changedSiteFiles }),
    );
    await rename(scratch, done);
  } catch (error) {
    await writeFile(`${done}.failed`, String((error as Error).stack ?? error));
    throw error;
  }
  return waitFor(done);
}

async function waitFor(done: string): Promise<PrintedExample> {
  const until = Date.now() + WAIT_MS;
  while (!existsSync(path.join(done, 'printed.json'))) {
    if (existsSync(`${done}.failed`))
      throw new Error(
        `printing the example failed in another test file:\n${await readFile(`${done}.failed`, 'utf8')}`,
      );
    if (Date.now() > until) throw new Error(`no PDFs in ${done} after ${WAIT_MS / 1000} s`);
    await sleep(250);
  }
  const printed = JSON.parse(await readFile(path.join(done, 'printed.json'), 'utf8')) as Omit<
    PrintedExample,
    'pdfDir'
  >;
  return { pdfDir: done, ...printed, result: { ...printed.result, pdfDir: done } };
}

/** Every file under `dir` and its hash. */
async function hashes(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(
      file,
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return out;
}
