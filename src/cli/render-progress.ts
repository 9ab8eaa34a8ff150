import type { RenderProgress } from '../render/index.ts';

/**
 * What a render tells the user while it works, on a terminal: one rewritten line of the phases
 * under way with their counts (`rendering: markdown 120/319 pages, search index 40/319 pages`),
 * `rendering…` between them. Elsewhere (CI logs) nothing: the summary lines say what was done.
 */
export interface RenderProgressLine {
  update(event: RenderProgress): void;
  finish(): void;
}

const NAMES: Record<RenderProgress['phase'], string> = {
  images: 'images',
  markdown: 'markdown',
  astro: 'Astro',
  search: 'search index',
};
const UNITS: Record<RenderProgress['phase'], string> = {
  images: 'files',
  markdown: 'pages',
  astro: 'pages',
  search: 'pages',
};

/** Redrawn at most ten times a second, and at once when a phase starts or ends. */
export function terminalRenderProgress(
  stream: NodeJS.WriteStream,
  now: () => number = Date.now,
): RenderProgressLine {
  // In the order the phases first reported (Map keeps it): search runs beside the others.
  const latest = new Map<RenderProgress['phase'], RenderProgress>();
  let drawn = 0;
  const draw = () => {
    const under = [...latest.values()].filter((event) => event.done < event.total);
    const counts = under.map(
      ({ phase, done, total }) => `${NAMES[phase]} ${done}/${total} ${UNITS[phase]}`,
    );
    stream.write(
      `\r\x1b[2K${counts.length > 0 ? `rendering: ${counts.join(', ')}` : 'rendering…'}`,
    );
    drawn = now();
  };
  draw();
  return {
    update(event) {
      const starts = !latest.has(event.phase);
      latest.set(event.phase, event);
      if (starts || event.done >= event.total || now() - drawn >= 100) draw();
    },
    finish() {
      stream.write('\r\x1b[2K');
    },
  };
}
