import {
  type PrepareStats,
  prepareSpecs,
  type SpecInputs,
  SpecLibrary,
} from '../../openapi/library.ts';
import type { SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import { specReusable } from '../reuse-policy.ts';

/**
 * Before the markdown stage: every OpenAPI spec of the snapshot loaded once (or reused from the
 * last render while its documents are unchanged), for the pages' OpenAPI blocks to read.
 */
export async function prepareOpenapi(
  snapshot: Snapshot,
  model: SiteModel,
  renderDir: string,
): Promise<{ library: SpecLibrary; stats: PrepareStats }> {
  const { documents, named } = await snapshot.openapi();
  const inputs: SpecInputs = {
    files: model.storedFiles(),
    documents,
    named,
    blobFile: (sha256) => snapshot.blobFile(sha256),
  };
  const { index, stats } = await prepareSpecs(inputs, renderDir, specReusable);
  return { library: new SpecLibrary(index, renderDir), stats };
}
