import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type BuildRun, firstBuildPairs } from './first-build.ts';
import {
  freshCache,
  median,
  medianRun,
  pullRealShapedSite,
  REAL_SHAPED_PAGES,
  workDir,
} from './real-shaped.ts';
import { type ChildReport, renderInChild } from './render.ts';
import type { Benchmark, Figure } from './types.ts';

/**
 * What share cards cost a first build (docs/share-cards.md): the real-shaped site's cold render
 * (scripts/lib/real-shaped-site.ts, image variants on, as a team's first build) with a card per
 * page (the default) and with `--no-share-cards`, in pairs taken in turn (A B A B A B) so the
 * machine's drift falls on both, each from an empty render cache; then a render with cards from
 * the cache the last "on" run left, into a new output (every card found, none drawn). Then a
 * team's first `offprint build` of the same site through the platform's rate limit
 * (first-build.ts), with cards and with `--no-share-cards`, in pairs: there the pull draws the
 * cards while it waits on the platform (src/pull/early/cards.ts). The site has no hostname:
 * every side is given the same `--site-url`, without which no card is drawn.
 */

const PAIRS = 3;
const BUILD_PAIRS = 2;
const SITE_URL = 'https://docs.synth.example';

export const shareCardsBenchmark: Benchmark = {
  name: 'share-cards',
  description: `cold render of the real-shaped site (${REAL_SHAPED_PAGES} pages) with and without share cards`,
  async run() {
    const work = await workDir('share-cards');
    try {
      const pulled = await pullRealShapedSite(work);
      const runs: Record<'on' | 'off', ChildReport[]> = { on: [], off: [] };
      for (let pair = 0; pair < PAIRS; pair++) {
        for (const cards of ['on', 'off'] as const) {
          const cacheDir = await freshCache(pulled, path.join(work, `cache-${cards}`));
          const outDir = path.join(work, `dist-${cards}`);
          await rm(outDir, { recursive: true, force: true });
          runs[cards].push(
            await renderInChild(cacheDir, outDir, undefined, {
              shareCards: cards === 'on',
              siteUrl: SITE_URL,
            }),
          );
        }
      }
      const figures: Figure[] = [];
      for (const cards of ['on', 'off'] as const) {
        const label = `cold render, share cards ${cards}`;
        const run = medianRun(runs[cards]);
        figures.push(
          {
            name: `${label}: time (median of ${PAIRS})`,
            value: median(runs[cards].map((r) => r.seconds)),
            unit: 's',
          },
          { name: `${label}: CPU (median run)`, value: run.cpuSeconds, unit: 's' },
          { name: `${label}: assets phase (median run)`, value: run.phases.assets ?? 0, unit: 's' },
        );
      }
      const on = median(runs.on.map((r) => r.seconds));
      const off = median(runs.off.map((r) => r.seconds));
      const pairCost = runs.on.map(
        (run, i) => run.seconds / (runs.off[i] as ChildReport).seconds - 1,
      );
      figures.push(
        { name: 'cards: extra time, medians on − off', value: on - off, unit: 's' },
        {
          name: 'cards: extra time, medians (on − off) ÷ off',
          value: ((on - off) / off) * 100,
          unit: '%',
        },
        {
          name: 'cards: extra time, pair by pair (median)',
          value: median(pairCost) * 100,
          unit: '%',
        },
        {
          name: 'cards: drawn in a cold render',
          value: runs.on[0]?.cards?.drawn ?? 0,
          unit: 'cards',
        },
      );
      const warm = await renderInChild(
        path.join(work, 'cache-on'),
        path.join(work, 'dist-again'),
        undefined,
        { shareCards: true, siteUrl: SITE_URL },
      );
      figures.push(
        { name: 'render from the cache into a new output: time', value: warm.seconds, unit: 's' },
        {
          name: 'render from the cache: cards drawn',
          value: warm.cards?.drawn ?? 0,
          unit: 'cards',
        },
        {
          name: 'render from the cache: cards reused',
          value: warm.cards?.reused ?? 0,
          unit: 'cards',
        },
      );
      figures.push(...(await firstBuilds(work, off)));
      return figures;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

/** First builds with cards and without, and what the cards cost them beside a cold render. */
async function firstBuilds(work: string, coldRender: number): Promise<Figure[]> {
  const flags = ['--site-url', SITE_URL];
  const runs = await firstBuildPairs(path.join(work, 'build'), BUILD_PAIRS, {
    on: { variants: true, flags },
    off: { variants: true, flags: [...flags, '--no-share-cards'] },
  });
  const on = median(runs.on.map((r) => r.seconds));
  const off = median(runs.off.map((r) => r.seconds));
  const ahead = runs.on.map((run) => /(\d+) of \d+ share card\(s\) drawn/.exec(run.output));
  const pairCost = runs.on.map((run, i) => run.seconds - (runs.off[i] as BuildRun).seconds);
  const medianOf = (cards: 'on' | 'off', of: (run: BuildRun) => number) =>
    median(runs[cards].map(of));
  return [
    ...(['on', 'off'] as const).flatMap((cards): Figure[] => [
      {
        name: `first build, share cards ${cards}: time (median of ${BUILD_PAIRS})`,
        value: medianOf(cards, (run) => run.seconds),
        unit: 's',
      },
      {
        name: `first build, share cards ${cards}: CPU of the process tree (median)`,
        value: medianOf(cards, (run) => run.cpuSeconds),
        unit: 's',
      },
      {
        name: `first build, share cards ${cards}: pull (median)`,
        value: medianOf(cards, (run) => run.pullSeconds),
        unit: 's',
      },
    ]),
    {
      name: 'first build, cards drawn during the pull (median)',
      value: median(ahead.map((match) => Number(match?.[1] ?? 0))),
      unit: 'cards',
    },
    { name: 'first build, cards: extra time, medians on − off', value: on - off, unit: 's' },
    {
      name: 'first build, cards: extra time ÷ the cold render without cards',
      value: ((on - off) / coldRender) * 100,
      unit: '%',
    },
    {
      name: 'first build, cards: extra time pair by pair ÷ the cold render (median)',
      value: (median(pairCost) / coldRender) * 100,
      unit: '%',
    },
    {
      name: 'first build, cards: extra time ÷ the build without cards',
      value: ((on - off) / off) * 100,
      unit: '%',
    },
  ];
}
