import type { PdfFile, PdfProgress } from '../pdf/index.ts';

/**
 * What printing PDFs tells the user: on a terminal one rewritten line (which PDF of how many,
 * its pages and chunk); elsewhere (CI logs) one plain line per PDF as it is written.
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
      const chunk =
        event.kind === 'chunk' && event.chunks > 1 ? `, chunk ${event.chunk}/${event.chunks}` : '';
      stream.write(`\r\x1b[2K${current}${chunk}`);
      shown = true;
    },
    finish() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}

/** `guides-v1.pdf: 412 pages, 5 chunks, 3.2 MiB, 41.0 s` (or `…, unchanged, copied`). */
export function pdfLine(file: PdfFile): string {
  const size = `${(file.bytes / 2 ** 20).toFixed(1)} MiB`;
  if (file.reused) return `${file.file}: ${file.pages} pages, ${size}, unchanged, copied`;
  const chunks = file.chunks > 1 ? `, ${file.chunks} chunks` : '';
  return `${file.file}: ${file.pages} pages${chunks}, ${size}, ${file.seconds.toFixed(1)} s`;
}
