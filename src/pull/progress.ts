/**
 * What a pull tells the user while it works: a live line on a terminal, nothing in CI until the
 * single summary line at the end.
 */
export interface PullProgress {
  /** Totals grow as spaces are opened; done counts grow as pages and files arrive. */
  update(counts: PullCounts): void;
  /** A line about a wait (the platform's rate limit), shown until `untilMs` (epoch ms). */
  notice?(text: string, untilMs: number): void;
  finish(): void;
}

export interface PullCounts {
  pagesDone: number;
  pagesTotal: number;
  filesDone: number;
  filesTotal: number;
  /** Images whose variants the pull makes as they land (`pull --no-image-variants`: none). */
  imagesDone?: number;
  imagesTotal?: number;
}

export const silentProgress: PullProgress = { update() {}, finish() {} };

/** A single rewritten line with rate and what remains, at most ten times a second. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): PullProgress {
  const started = Date.now();
  let last = 0;
  let shown = false;
  let counts: PullCounts = { pagesDone: 0, pagesTotal: 0, filesDone: 0, filesTotal: 0 };
  let notice: { text: string; untilMs: number } | undefined;
  const progress: PullProgress = {
    update(next) {
      counts = next;
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      const { pagesDone, pagesTotal, filesDone, filesTotal } = next;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? Math.round(pagesDone / seconds) : 0;
      const remaining = pagesTotal - pagesDone + (filesTotal - filesDone);
      const waiting = notice && notice.untilMs > now ? ` — ${notice.text}` : '';
      // Images are counted as they land: their total grows with the files downloaded.
      const images = next.imagesTotal ? `, ${next.imagesDone ?? 0}/${next.imagesTotal} images` : '';
      stream.write(
        `\r\x1b[2Kpulling: ${pagesDone}/${pagesTotal} pages, ${filesDone}/${filesTotal} files${images}, ${rate} pages/s, ${remaining} to go${waiting}`,
      );
      shown = true;
    },
    notice(text, untilMs) {
      notice = { text, untilMs };
      last = 0;
      progress.update(counts);
    },
    finish() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
  return progress;
}
