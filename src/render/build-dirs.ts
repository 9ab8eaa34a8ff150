import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { BuildDataWriter, closePageViews } from './build-data.ts';
import { discardOutput, stageOutput } from './output.ts';
import { SearchStage, type SearchStageOptions } from './stages/search.ts';

/**
 * Where a render writes before its output is swapped in (output.ts): the staged output beside
 * `outDir`, and the build data Astro reads (build-data.ts) under the render cache, each of its
 * own so that two renders never share one. `close` lets go of the build data whatever happened;
 * `discard` drops the staged output of a render that did not swap it in.
 */
export class BuildDirs {
  #closeSearch = async () => {};
  /** An interrupted render removes both (src/utils/interrupt.ts). */
  readonly #forget: (() => void)[];

  readonly staged: string;
  readonly buildDataDir: string;
  readonly data: BuildDataWriter;

  private constructor(staged: string, buildDataDir: string, data: BuildDataWriter) {
    this.staged = staged;
    this.buildDataDir = buildDataDir;
    this.data = data;
    this.#forget = [staged, buildDataDir].map(removeOnInterrupt);
  }

  static async open(outDir: string, renderDir: string): Promise<BuildDirs> {
    const buildDataDir = path.join(
      renderDir,
      `build-${process.pid}-${randomBytes(3).toString('hex')}`,
    );
    const staged = await stageOutput(outDir);
    return new BuildDirs(staged, buildDataDir, new BuildDataWriter(buildDataDir));
  }

  /** The search stage, fed from the build data; closed before the build data goes. */
  searchStage(input: Omit<SearchStageOptions, 'data'>): SearchStage {
    const stage = new SearchStage({ data: this.data, ...input });
    this.#closeSearch = () => stage.close();
    return stage;
  }

  async discard(): Promise<void> {
    await discardOutput(this.staged);
  }

  async close(): Promise<void> {
    await this.#closeSearch();
    closePageViews(this.buildDataDir);
    await this.data.close();
    await rm(this.buildDataDir, { recursive: true, force: true });
    for (const forget of this.#forget) forget();
  }
}
