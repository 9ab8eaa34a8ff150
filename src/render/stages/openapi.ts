import {
  type PrepareStats,
  prepareSpecs,
  type SpecInputs,
  SpecLibrary,
} from '../../openapi/library.ts';
import type { Snapshot } from '../../snapshot/read.ts';

/**
 * Before the markdown stage: every OpenAPI spec of the snapshot loaded once (or reused from the
 * last render while its documents are unchanged), for the pages' OpenAPI blocks to read.
 */
export async function prepareOpenapi(
  snapshot: Snapshot,
  renderDir: string,
): Promise<{ library: SpecLibrary; stats: PrepareStats }> {
  const { index, stats } = await prepareSpecs(await specInputs(snapshot), renderDir);
  return { library: new SpecLibrary(index, renderDir), stats };
}

async function specInputs(snapshot: Snapshot): Promise<SpecInputs> {
  const files: SpecInputs['files'] = [];
  for (const entry of snapshot.manifest.spaces) {
    const revision = await snapshot.revision(entry.spaceId);
    const gitPaths = new Map(revision.files.map((f) => [f.id, f.git?.path]));
    for (const stored of entry.files) {
      files.push({
        spaceId: entry.spaceId,
        path: gitPaths.get(stored.id) ?? `.gitbook/assets/${stored.name}`,
        name: stored.name,
        sha256: stored.sha256,
      });
    }
  }
  const { documents, named } = await snapshot.openapi();
  return { files, documents, named, blobFile: (sha256) => snapshot.blobFile(sha256) };
}
