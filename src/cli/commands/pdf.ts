import { type Command, Option } from 'commander';
import { PDF_SCOPES } from '../../pdf/documents.ts';
import { cacheOption, parsedAsKey } from '../options.ts';
import { createOutput, type Output } from '../output.ts';
import { pdfLine } from '../pdf-progress.ts';
import { type ConfigFlag, guardRun } from '../run-guard.ts';
import type { OptionsOf, PdfConfig } from '../schemas/index.ts';
import { addRenderOptions, type RenderCliOptions, renderFromCli, reportRender } from './render.ts';

const EXAMPLES = `
Examples:
  $ offprint pdf                             # render, then dist/pdf/<section>.pdf
  $ offprint pdf --pdf-scope site            # one PDF of the whole site: dist/pdf/site.pdf
  $ offprint pdf --chromium /usr/bin/chromium`;

export type PdfCliOptions = RenderCliOptions & Omit<OptionsOf<typeof PdfConfig>, 'pdf'>;

/** `--pdf-scope`, shared by `pdf` and `build`. */
export function pdfScopeOption(): Option {
  // The choices list the words in --help; the key's field checks them, as in the config file.
  return parsedAsKey(
    new Option(
      '--pdf-scope <scope>',
      'section: a PDF per section variant; site: one PDF, site.pdf, of them all',
    )
      .choices(PDF_SCOPES)
      .default('section'),
  );
}

export function registerPdf(program: Command): void {
  addRenderOptions(program.command('pdf'))
    .description(
      'Render the current snapshot, then print a PDF per section variant (or of the whole site) into <out>/pdf/',
    )
    .addOption(cacheOption())
    .addOption(pdfScopeOption())
    .addOption(new Option('--chromium <path>', 'the Chromium to print with (default: on PATH)'))
    .addHelpText('after', EXAMPLES)
    .action(async (options: PdfCliOptions & ConfigFlag) => {
      const output = createOutput(options);
      const run = {
        command: 'pdf',
        cache: options.cache,
        out: options.out,
        pages: options.pages,
        theme: options.theme,
        config: options.config,
        lockWait: options.lockWait,
        output,
      };
      await guardRun(run, () => renderWithPdfsFromCli(options, output));
    });
}

/**
 * A render that prints PDFs into the output before it is swapped in (src/render), so pages
 * link and llms.txt lists only PDFs that exist. Without a Chromium, one line says how to get
 * one and the site is rendered as `offprint render` would, without PDFs: the command succeeds.
 */
export async function renderWithPdfsFromCli(options: PdfCliOptions, output: Output): Promise<void> {
  const { findChromium, INSTALL_HINT } = await import('../../pdf/chromium.ts');
  const chromium = findChromium(options.chromium);
  if (!chromium) {
    output.warn(INSTALL_HINT);
    reportRender(await renderFromCli(options, output), output);
    return;
  }
  const progress = output.pdfProgress();
  let result: Awaited<ReturnType<typeof renderFromCli>>;
  try {
    result = await renderFromCli(options, output, {
      chromium,
      ...(options.pdfScope ? { scope: options.pdfScope } : {}),
      onProgress: (event) => {
        progress?.update(event);
        // Without a live line (CI logs), one plain line per PDF as it is written.
        if (!progress && event.kind === 'written') output.info(`pdf ${pdfLine(event.done)}`);
      },
    });
  } finally {
    progress?.finish();
  }
  reportRender(result, output);
  const pdf = result.pdf;
  if (result.unchanged) return;
  if (!pdf) return;
  for (const note of pdf.notes) output.info(`note: ${note}`);
  if (progress) for (const file of pdf.files) output.info(`pdf ${pdfLine(file)}`);
  output.info(`${pdf.files.length} PDFs into ${pdf.pdfDir} in ${pdf.seconds.toFixed(1)} s`);
}
