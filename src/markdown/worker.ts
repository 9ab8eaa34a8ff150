/**
 * A render worker of the pool (see `pool.ts`): builds its resolver and highlighter once from
 * `workerData`, then renders the jobs it is sent, one message per job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SpecLibrary } from '../openapi/library.ts';
import { createCodeHighlighter } from './highlighter.ts';
import { renderMarkdown } from './pipeline.ts';
import type { PoolRequest, PoolResponse, WorkerSetup } from './pool.ts';
import { createTableResolver } from './resolver.ts';
import { type PageRenderSettings, type SharedRenderSettings, settingsOptions } from './settings.ts';
import type { Resolver } from './types.ts';

const setup = workerData as WorkerSetup;

type ResolverFor = (context: string | undefined) => Resolver;

async function createResolver(): Promise<Resolver | ResolverFor> {
  const spec = setup.resolver;
  if ('module' in spec) {
    const mod = (await import(spec.module)) as Record<string, unknown>;
    const factory = mod[spec.exportName ?? 'createResolver'];
    if (typeof factory !== 'function') {
      throw new Error(`${spec.module} has no export ${spec.exportName ?? 'createResolver'}`);
    }
    return (await factory(spec.data)) as Resolver | ResolverFor;
  }
  return createTableResolver(spec.data);
}

const provided = await createResolver();
const resolverFor: ResolverFor = typeof provided === 'function' ? provided : () => provided;
const highlighter =
  setup.highlight === false ? false : createCodeHighlighter({ cacheSize: setup.cacheSize ?? 2000 });
/** The worker's own settings, made from what it was sent. */
function settingsFrom({ openapi, ...plain }: SharedRenderSettings): PageRenderSettings {
  return openapi ? { ...plain, openapi: new SpecLibrary(openapi.index, openapi.cacheDir) } : plain;
}

const settings = settingsOptions(settingsFrom(setup.settings));
const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread only');

port.on('message', async (request: PoolRequest) => {
  let response: PoolResponse;
  try {
    const result = await renderMarkdown(request.job.markdown, {
      resolver: resolverFor(request.job.context),
      currentPath: request.job.currentPath,
      ...(request.job.pageTitle !== undefined ? { pageTitle: request.job.pageTitle } : {}),
      ...(request.job.previous !== undefined ? { previous: request.job.previous } : {}),
      highlighter,
      ...settings,
    });
    response = { id: request.id, result };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
port.postMessage({ ready: true });
