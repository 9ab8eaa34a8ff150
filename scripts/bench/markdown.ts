import { benchMarkdown } from '../bench-markdown.ts';
import type { Benchmark } from './types.ts';

export const markdownBenchmark: Benchmark = {
  name: 'markdown',
  description:
    'markdown to HTML: pages per second on one core and all cores, highlight cache effect',
  run: benchMarkdown,
};
