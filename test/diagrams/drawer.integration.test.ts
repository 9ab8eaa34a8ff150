import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { toText } from 'hast-util-to-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagramCache, DiagramDrawer, drawPageDiagrams } from '../../src/diagrams/index.ts';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { createTableResolver } from '../../src/markdown/resolver.ts';
import { CHROMIUM, requireChromium } from '../helpers/browser.ts';
import { BROKEN, HOSTILE, KINDS } from './samples.ts';

/** Anything in an SVG that could run or reach out. */
function unsafeParts(svg: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(svg)) found.push('script');
  if (/<foreignObject/i.test(svg)) found.push('foreignObject');
  if (/\son[a-z]+\s*=/i.test(svg)) found.push('handler');
  if (/javascript:/i.test(svg)) found.push('javascript:');
  if (/url\(\s*['"]?\s*(?!#)/i.test(svg)) found.push('external url()');
  // A link to a web page is content (as in markdown); anything else must stay in the drawing.
  if (/href="(?!#|https:)/i.test(svg)) found.push('external href');
  if (/<(?!a\s)[a-z]+\s[^>]*href="https:/i.test(svg)) found.push('external resource');
  return found;
}

describe('DiagramDrawer (mermaid in Chromium)', () => {
  let dir: string;
  /** One drawer, one Chromium, for the tests that only read what it draws. */
  let shared: DiagramDrawer;
  beforeAll(async () => {
    requireChromium();
    dir = await mkdtemp(path.join(tmpdir(), 'offprint-diagrams-'));
    shared = new DiagramDrawer(new DiagramCache(path.join(dir, 'shared')), CHROMIUM);
  });
  afterAll(async () => {
    await shared?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('draws every kind real docs use, in both schemes, with labels and nothing unsafe; a second render draws nothing', async () => {
    const cache = new DiagramCache(path.join(dir, 'kinds'));
    const drawer = new DiagramDrawer(cache, CHROMIUM);
    const outcomes = await Promise.all(Object.values(KINDS).map((source) => drawer.draw(source)));
    await drawer.close();
    for (const [index, kind] of Object.keys(KINDS).entries()) {
      const outcome = outcomes[index];
      if (!outcome || !('drawn' in outcome)) throw new Error(`${kind}: ${JSON.stringify(outcome)}`);
      for (const scheme of ['light', 'dark'] as const) {
        const { svg, labels } = outcome.drawn[scheme];
        expect(svg, `${kind} ${scheme}`).toMatch(/^<svg[\s>]/);
        expect(unsafeParts(svg), `${kind} ${scheme}`).toEqual([]);
        expect(labels.length, `${kind} labels`).toBeGreaterThan(0);
      }
      // The schemes differ in colour only.
      expect(outcome.drawn.dark.svg).not.toBe(outcome.drawn.light.svg);
    }
    // One batch for the nine: every request of the turn went together.
    expect(drawer.stats).toMatchObject({ drawn: 9, cached: 0, failed: 0, notDrawn: 0 });
    // A gantt chart without mermaid's "today" line: it sat where the day of the drawing fell, so
    // two builds a few minutes apart differed (x1="78816" against "78817"), and a page kept
    // showing the build's day as today.
    const gantt = outcomes[Object.keys(KINDS).indexOf('gantt')];
    if (!gantt || !('drawn' in gantt)) throw new Error(`gantt: ${JSON.stringify(gantt)}`);
    for (const scheme of ['light', 'dark'] as const) {
      expect(gantt.drawn[scheme].svg).toContain('Static fire');
      expect(gantt.drawn[scheme].svg).not.toMatch(/class="today"/);
    }

    const again = new DiagramDrawer(cache, CHROMIUM);
    const cached = await Promise.all(Object.values(KINDS).map((source) => again.draw(source)));
    await again.close();
    expect(cached).toEqual(outcomes);
    // Everything from the cache: no browser was started.
    expect(again.stats).toMatchObject({ drawn: 9, cached: 9, startMs: 0, drawMs: 0 });
  });

  it('draws a diagram the same whatever was drawn before it (mermaid counters, hand-drawn jitter)', async () => {
    const sequence = KINDS.sequence as string;
    const sketch = `---\nconfig:\n  look: handDrawn\n---\n${KINDS.flowchart}`;
    const drawAlone = async (sources: string[]) => {
      const drawer = new DiagramDrawer(
        new DiagramCache(path.join(dir, `alone-${sources.length}`)),
        CHROMIUM,
      );
      const outcomes = await Promise.all(sources.map((source) => drawer.draw(source)));
      await drawer.close();
      return outcomes.slice(-2);
    };
    const first = await drawAlone([sequence, sketch]);
    // Two other sequence diagrams drawn first, in the same Chromium.
    const later = await drawAlone([
      sequence.replace('Rocket', 'Probe'),
      `${sequence}\n`,
      sequence,
      sketch,
    ]);
    expect(later).toEqual(first);
  });

  it('draws a source asked for again while it is being drawn once (a pull drawing ahead, then the render)', async () => {
    const drawer = new DiagramDrawer(new DiagramCache(path.join(dir, 'pending')), CHROMIUM);
    const source = KINDS.flowchart as string;
    const first = drawer.draw(source);
    // Its batch has begun by then (the next turn): it is no longer queued but being drawn.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = drawer.draw(source);
    const [outcome, again] = await Promise.all([first, second]);
    await drawer.close();
    expect(again).toEqual(outcome);
    expect(outcome).toHaveProperty('drawn');
    // One drawing made, and both requests counted, as they would be had the second come after
    // the first was done and cached: a render's note does not hang on which came first.
    expect(drawer.stats).toMatchObject({ drawn: 2, cached: 1 });
  });

  it('reports a source mermaid cannot parse, and remembers it', async () => {
    const cache = new DiagramCache(path.join(dir, 'broken'));
    const drawer = new DiagramDrawer(cache, CHROMIUM);
    const outcome = await drawer.draw(BROKEN);
    await drawer.close();
    expect(outcome).toEqual({ error: expect.stringMatching(/^Parse error on line 2: Expecting/) });
    const again = new DiagramDrawer(cache, CHROMIUM);
    expect(await again.draw(BROKEN)).toEqual(outcome);
    expect(again.stats).toMatchObject({ failed: 1, startMs: 0 });
  });

  it('keeps no script, handler, HTML label or external reference a hostile source asks for', async () => {
    const outcome = await shared.draw(HOSTILE);
    if (!('drawn' in outcome)) throw new Error(JSON.stringify(outcome));
    for (const scheme of ['light', 'dark'] as const) {
      expect(unsafeParts(outcome.drawn[scheme].svg)).toEqual([]);
      expect(outcome.drawn[scheme].svg).not.toMatch(/<img|alert/);
    }
  });

  it('draws nothing without a Chromium, and says why', async () => {
    const missing = path.join(dir, 'no-chromium');
    const drawer = new DiagramDrawer(
      new DiagramCache(path.join(dir, 'none')),
      undefined,
      `no Chromium at ${missing}`,
    );
    expect(await drawer.draw(KINDS.pie as string)).toEqual({ notDrawn: true });
    await drawer.close();
    expect(drawer.unavailable).toBe(`no Chromium at ${missing}`);

    // A path that is not a browser: it fails to start, and the page draws for itself.
    const broken = new DiagramDrawer(new DiagramCache(path.join(dir, 'none')), '/bin/false');
    expect(await broken.draw(KINDS.pie as string)).toEqual({ notDrawn: true });
    await broken.close();
    expect(broken.unavailable).toMatch(/^Chromium did not start/);
  });

  it('puts a figure per diagram in a page, with ids unique to each drawing and a label each', async () => {
    const markdown = [
      '# Lifecycle',
      '',
      '```mermaid',
      KINDS.flowchart,
      '```',
      '',
      '```mermaid',
      KINDS.sequence,
      '```',
      '',
      '```mermaid',
      KINDS.flowchart,
      '```',
      '',
      '```mermaid',
      BROKEN,
      '```',
    ].join('\n');
    const rendered = await renderMarkdown(markdown, {
      resolver: createTableResolver({ pages: [], files: [], reusableContents: [] }),
      currentPath: 'lifecycle.md',
      highlighter: false,
    });
    const page = await drawPageDiagrams(rendered.html, shared);
    const tree = fromHtml(page.html, { fragment: true });
    const figures = selectAll('figure.op-diagram', tree);
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      const svgs = selectAll(':scope > svg', figure);
      expect(svgs.map((svg) => svg.properties.className)).toEqual([
        expect.arrayContaining(['op-diagram__svg', 'op-diagram__svg--light']),
        expect.arrayContaining(['op-diagram__svg', 'op-diagram__svg--dark']),
      ]);
      for (const svg of svgs) {
        expect(svg.properties.role).toBe('img');
        expect(String(svg.properties.ariaLabel)).toMatch(/^(Flowchart|Sequence diagram): \w/);
      }
    }
    // The same diagram twice, each in two schemes: no id twice on the page.
    const ids = selectAll('[id]', tree).map((element) => String(element.properties.id));
    expect(ids.length).toBeGreaterThan(12);
    expect(new Set(ids).size).toBe(ids.length);
    // Every internal reference stays inside its own drawing (mermaid names some it never draws).
    for (const svg of selectAll('svg.op-diagram__svg', tree)) {
      const own = String(svg.properties.id);
      const html = toHtml(svg);
      for (const match of html.matchAll(/(?:href="#|url\(#)([^")]+)/g)) {
        expect(match[1]).toMatch(new RegExp(`^${own}(?:[-_]|$)`));
      }
    }
    // The broken one: its source as written, one warning on the line mermaid names.
    const errors = selectAll('pre.op-diagram-error', tree);
    expect(errors.map((pre) => toText(pre))).toEqual([BROKEN]);
    expect(page.warnings).toEqual([
      {
        line: 27,
        message: expect.stringMatching(/^mermaid diagram not drawn: Parse error on line 2/),
      },
    ]);
    expect(page.needsScript).toBe(false);
  });
});
