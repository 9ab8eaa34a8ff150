import type { z } from 'zod';
import { type PullProgress, terminalProgress } from '../pull/progress.ts';
import { UsageError } from './options.ts';
import { type PdfProgressLine, terminalPdfProgress } from './pdf-progress.ts';
import { type RenderProgressLine, terminalRenderProgress } from './render-progress.ts';
import type { OutputConfig } from './schemas/index.ts';

/**
 * What a command prints, by verbosity: `--quiet` only errors (printed by main), the default a
 * summary line per phase and warnings, `--verbose` also per-phase detail. Live progress only
 * when both streams are a terminal and `CI` is unset; otherwise plain lines.
 */
export interface Output {
  /** A summary line (stdout). */
  info(line: string): void;
  /** Per-phase detail, shown with --verbose (stdout). */
  detail(line: string): void;
  /** A warning (stderr), hidden by --quiet. */
  warn(line: string): void;
  verbose: boolean;
  /** Live progress for a pull, or undefined when output is not interactive. */
  pullProgress(): PullProgress | undefined;
  /** Live progress while PDFs print, or undefined when output is not interactive. */
  pdfProgress(): PdfProgressLine | undefined;
  /** Live progress while a render runs, or undefined when output is not interactive. */
  renderProgress(): RenderProgressLine | undefined;
}

/** `--quiet` and `--verbose`, the keys of `OutputConfig`. */
export type VerbosityOptions = z.output<typeof OutputConfig>;

export function createOutput(
  options: VerbosityOptions,
  env: NodeJS.ProcessEnv = process.env,
  streams: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream } = process,
): Output {
  if (options.quiet && options.verbose) throw new UsageError('pass --quiet or --verbose, not both');
  const quiet = Boolean(options.quiet);
  const verbose = Boolean(options.verbose);
  const interactive = !quiet && isInteractive(env, streams);
  return {
    info: (line) => {
      if (!quiet) streams.stdout.write(`${line}\n`);
    },
    detail: (line) => {
      if (verbose) streams.stdout.write(`  ${line}\n`);
    },
    warn: (line) => {
      if (!quiet) streams.stderr.write(`warning: ${line}\n`);
    },
    verbose,
    pullProgress: () => (interactive ? terminalProgress(streams.stderr) : undefined),
    pdfProgress: () => (interactive ? terminalPdfProgress(streams.stderr) : undefined),
    renderProgress: () => (interactive ? terminalRenderProgress(streams.stderr) : undefined),
  };
}

/** A terminal on both streams and not in CI: where a rewritten progress line makes sense. */
export function isInteractive(
  env: NodeJS.ProcessEnv,
  streams: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream },
): boolean {
  return Boolean(streams.stdout.isTTY && streams.stderr.isTTY && !env.CI);
}
