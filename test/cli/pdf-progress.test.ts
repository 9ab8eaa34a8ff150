import { describe, expect, it } from 'vitest';
import { createOutput } from '../../src/cli/output.ts';
import { pdfLine } from '../../src/cli/pdf-progress.ts';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  const s = { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 };
  return { s: s as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}

describe('PDF progress', () => {
  it('on a terminal: one rewritten line, which PDF of how many, its pages and chunk; cleared', () => {
    const [out, err] = [stream(true), stream(true)];
    const progress = createOutput({}, {}, { stdout: out.s, stderr: err.s }).pdfProgress();
    expect(progress).toBeDefined();
    progress?.update({ kind: 'document', file: 'guides.pdf', pages: 412, index: 1, total: 3 });
    progress?.update({
      kind: 'chunk',
      file: 'guides.pdf',
      chunk: 2,
      chunks: 5,
      index: 1,
      total: 3,
    });
    progress?.finish();
    expect(err.text()).toContain('\r\x1b[2Kprinting PDFs: 2/3 guides.pdf, 412 pages, chunk 2/5');
    expect(err.text().endsWith('\r\x1b[2K')).toBe(true);
    expect(out.text()).toBe('');
  });

  it('in CI there is no live line (the command prints a plain line per PDF)', () => {
    const [out, err] = [stream(true), stream(true)];
    expect(
      createOutput({}, { CI: 'true' }, { stdout: out.s, stderr: err.s }).pdfProgress(),
    ).toBeUndefined();
  });

  it('says what each PDF is, printed or copied', () => {
    const file = { file: 'api.pdf', pages: 412, bytes: 3.2 * 2 ** 20, seconds: 41, chunks: 5 };
    expect(pdfLine({ ...file, reused: false })).toBe(
      'api.pdf: 412 pages, 5 chunks, 3.2 MiB, 41.0 s',
    );
    expect(pdfLine({ ...file, reused: true })).toBe(
      'api.pdf: 412 pages, 3.2 MiB, unchanged, copied',
    );
  });
});
