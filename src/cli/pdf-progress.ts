import type { PdfFile, PdfProgress } from '../pdf/index.ts';

/**
 * What printing PDFs tells the user: on a terminal one rewritten line (which PDF of how many,
 * its pages and part); elsewhere (CI logs) one plain line per PDF as it is written.
 */
export interface PdfProgressLine {
  update(event: PdfProgress): void;
  finish(): void;
}

export function terminalPdfProgress(stream: NodeJS.WriteStream): PdfProgressLine {
  let shown = false;
  let current = '';
  return {
    update(event) {
      if (event.kind === 'written') return;
      if (event.kind === 'document')
        current = `printing PDFs: ${event.index + 1}/${event.total} ${event.file}, ${event.pages} pages`;
      const part =
        event.kind === 'part' && event.parts > 1 ? `, part ${event.part}/${event.parts}` : '';
      stream.write(`\r\x1b[2K${current}${part}`);
      shown = true;
    },
    finish() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}

/** `guides-v1.pdf: 412 pages, 5 parts, 3.2 MiB, 41.0 s` (or `…, unchanged, copied`). */
export function pdfLine(file: PdfFile): string {
  const size = `${(file.bytes / 2 ** 20).toFixed(1)} MiB`;
  if (file.reused) return `${file.file}: ${file.pages} pages, ${size}, unchanged, copied`;
  const parts = file.parts > 1 ? `, ${file.parts} parts` : '';
  return `${file.file}: ${file.pages} pages${parts}, ${size}, ${file.seconds.toFixed(1)} s`;
}
