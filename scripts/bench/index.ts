import { astroApiBenchmark } from './astro-api.ts';
import { corpusBenchmark } from './corpus.ts';
import { firstBuildBenchmark } from './first-build.ts';
import { firstViewBenchmark } from './first-view.ts';
import { imagesBenchmark } from './images.ts';
import { lighthouseBenchmark } from './lighthouse.ts';
import { markdownBenchmark } from './markdown.ts';
import { markdownFloorBenchmark } from './markdown-stage.ts';
import { mermaidBenchmark } from './mermaid.ts';
import { oneSpaceBenchmark } from './one-space.ts';
import { openapiBenchmark } from './openapi.ts';
import { pdfBenchmark } from './pdf.ts';
import { pullBenchmark } from './pull.ts';
import { rateLimitBenchmark } from './rate-limit.ts';
import { realShapedBenchmark } from './real-shaped.ts';
import { renderBenchmark } from './render.ts';
import { searchBenchmark } from './search.ts';
import { shardsBenchmark } from './shards.ts';
import { shareCardsBenchmark } from './share-cards.ts';
import type { Benchmark } from './types.ts';
import { typosBenchmark } from './typos.ts';

/** Every benchmark `npm run bench` runs, in order. */
export const benchmarks: Benchmark[] = [
  markdownBenchmark,
  pullBenchmark,
  rateLimitBenchmark,
  renderBenchmark,
  markdownFloorBenchmark,
  openapiBenchmark,
  astroApiBenchmark,
  mermaidBenchmark,
  searchBenchmark,
  typosBenchmark,
  oneSpaceBenchmark,
  firstViewBenchmark,
  imagesBenchmark,
  lighthouseBenchmark,
  pdfBenchmark,
  corpusBenchmark,
  realShapedBenchmark,
  shareCardsBenchmark,
  firstBuildBenchmark,
  shardsBenchmark,
];
