import { type Command, Option } from 'commander';
import type { PdfResult } from '../../pdf/index.ts';
import { createOutput, type Output } from '../output.ts';
import { addRenderOptions, type RenderCliOptions, renderFromCli, reportRender } from './render.ts';

const EXAMPLES = `
Examples:
  $ offprint pdf                             # render, then dist/pdf/<section>.pdf
  $ offprint pdf --chromium /usr/bin/chromium`;

export type PdfCliOptions = RenderCliOptions & { chromium?: string };

export function registerPdf(program: Command): void {
  addRenderOptions(program.command('pdf'))
    .description(
      'Render the current snapshot, then print a PDF per section variant into <out>/pdf/',
    )
    .addOption(new Option('--cache <dir>', 'snapshot and render cache').default('.offprint'))
    .addOption(new Option('--chromium <path>', 'the Chromium to print with (default: on PATH)'))
    .addHelpText('after', EXAMPLES)
    .action(async (options: PdfCliOptions) => {
      const output = createOutput(options);
      reportRender(await renderFromCli(options, output), output);
      await pdfFromCli(options, output);
    });
}

/**
 * PDFs of a rendered site. Without a Chromium, one line says how to get one and the command
 * still succeeds: the site it rendered is untouched.
 */
export async function pdfFromCli(options: PdfCliOptions, output: Output): Promise<void> {
  const { PdfUnavailableError, writeSitePdfs } = await import('../../pdf/index.ts');
  const done = output.phase('printing PDFs');
  let result: PdfResult;
  try {
    result = await writeSitePdfs({
      cacheDir: options.cache,
      outDir: options.out,
      base: options.base,
      pagesDir: options.pages,
      chromium: options.chromium,
    });
  } catch (error) {
    if (error instanceof PdfUnavailableError) {
      output.warn(error.message);
      return;
    }
    throw error;
  } finally {
    done();
  }
  for (const note of result.notes) output.info(`note: ${note}`);
  for (const file of result.files)
    output.detail(
      `${file.file}: ${file.pages} pages, ${(file.bytes / 1024).toFixed(0)} KiB, ${file.seconds.toFixed(1)} s`,
    );
  output.info(
    `${result.files.length} PDFs into ${result.pdfDir} in ${result.seconds.toFixed(1)} s`,
  );
}
