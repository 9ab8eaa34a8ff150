import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiagramCache, DiagramDrawer, drawPageDiagrams } from '../../src/diagrams/index.ts';
import { findChromium } from '../../src/pdf/chromium.ts';
import type { Benchmark, Figure } from './types.ts';
import { timed } from './types.ts';

/** Diagrams drawn; `OFFPRINT_BENCH_DIAGRAMS` to change it. */
const COUNT = Number(process.env.OFFPRINT_BENCH_DIAGRAMS ?? 90);

/** The kinds real docs use, each made distinct by `n` (a new source is a new drawing). */
const KINDS: ((n: number) => string)[] = [
  (n) =>
    `flowchart LR\n  A[Request ${n}] --> B{Range safety}\n  B -->|go| C[Stack]\n  B -->|no go| D[Hold]`,
  (n) =>
    `sequenceDiagram\n  Ops->>Rocket: Arm ${n}\n  Rocket-->>Ops: Telemetry OK\n  Ops->>Rocket: Launch`,
  (n) =>
    `classDiagram\n  class Rocket${n} {\n    +string name\n    +launch()\n  }\n  Rocket${n} --> Payload : carries`,
  (n) =>
    `stateDiagram-v2\n  [*] --> Planned${n}\n  Planned${n} --> Countdown\n  Countdown --> Ascent\n  Ascent --> [*]`,
  (n) =>
    `erDiagram\n  MISSION${n} ||--o{ PAYLOAD : carries\n  MISSION${n} }o--|| PAD : "launches from"`,
  (n) =>
    `gantt\n  title Campaign ${n}\n  dateFormat YYYY-MM-DD\n  section Vehicle\n  Stacking :a1, 2025-03-01, 5d\n  Static fire :after a1, 2d`,
  (n) => `pie title Propellant ${n}\n  "LOX" : 68\n  "RP-1" : 32`,
  (n) => `mindmap\n  root((Mission ${n}))\n    Vehicle\n      Booster\n    Ground\n      Pad`,
  (n) => `timeline\n  title Milestones ${n}\n  2019 : First hop\n  2021 : Orbit`,
];

function sources(count: number, salt: string): string[] {
  // A comment line makes the batches distinct drawings (mermaid drops comment lines).
  return Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % KINDS.length] as (n: number) => string;
    return `%% ${salt}\n${kind(i)}`;
  });
}

/**
 * Mermaid diagrams drawn at build time (src/diagrams, docs/diagrams.md): per diagram (both
 * schemes), cold — Chromium started, mermaid loaded, every diagram drawn, as one batch the way a
 * render's pages ask together and one at a time — and again from the cache, as a re-render
 * finds them; and the page pass over a page of nine cached diagrams.
 */
export const mermaidBenchmark: Benchmark = {
  name: 'mermaid',
  description: `${COUNT} mermaid diagrams of nine kinds, each drawn in two schemes: cold (batched and one by one) and cached`,
  async run() {
    const chromium = findChromium(process.env.OFFPRINT_CHROMIUM);
    if (!chromium) throw new Error('no Chromium: the mermaid benchmark draws in one');
    const work = await mkdtemp(path.join(tmpdir(), 'offprint-bench-mermaid-'));
    const figures: Figure[] = [];
    try {
      const cache = new DiagramCache(path.join(work, 'cache'));
      const batch = sources(COUNT, 'batch');
      const cold = new DiagramDrawer(cache, chromium);
      const coldRun = await timed(() => Promise.all(batch.map((source) => cold.draw(source))));
      await cold.close();
      const drawn = coldRun.result.filter((outcome) => 'drawn' in outcome).length;
      if (drawn !== COUNT) throw new Error(`${COUNT - drawn} of ${COUNT} diagrams were not drawn`);
      figures.push(
        { name: 'Chromium start and mermaid load', value: cold.stats.startMs / 1000, unit: 's' },
        {
          name: `cold, one batch of ${COUNT}: per diagram, drawing only (both schemes)`,
          value: cold.stats.drawMs / COUNT,
          unit: 'ms',
        },
        {
          name: `cold, one batch of ${COUNT}: per diagram, all in (start, draw, sanitize, cache)`,
          value: (coldRun.seconds * 1000) / COUNT,
          unit: 'ms',
        },
      );

      // One at a time: what batching saves (each diagram its own round trip per scheme).
      const single = sources(Math.min(COUNT, 27), 'single');
      const oneByOne = new DiagramDrawer(cache, chromium);
      const oneRun = await timed(async () => {
        for (const source of single) await oneByOne.draw(source);
      });
      await oneByOne.close();
      figures.push({
        name: `cold, one at a time (${single.length}): per diagram, after the start`,
        value: (oneRun.seconds * 1000 - oneByOne.stats.startMs) / single.length,
        unit: 'ms',
      });

      const again = new DiagramDrawer(cache, chromium);
      const cachedRun = await timed(() => Promise.all(batch.map((source) => again.draw(source))));
      await again.close();
      if (again.stats.cached !== COUNT || again.stats.startMs !== 0)
        throw new Error('a cached re-render drew again');
      figures.push({
        name: `cached (${COUNT}, no browser started): per diagram`,
        value: (cachedRun.seconds * 1000) / COUNT,
        unit: 'ms',
      });

      // The page pass: a page of nine cached diagrams into figures.
      const page = batch
        .slice(0, 9)
        .map((source) => `<pre class="mermaid">${escapeHtml(source)}</pre>`)
        .join('\n');
      const passes = 50;
      const pass = new DiagramDrawer(cache, chromium);
      const passRun = await timed(async () => {
        for (let i = 0; i < passes; i++) await drawPageDiagrams(page, pass);
      });
      await pass.close();
      figures.push({
        name: 'page pass, nine cached diagrams: per page',
        value: (passRun.seconds * 1000) / passes,
        unit: 'ms',
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return figures;
  },
};

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
