import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type DocumentReader, loadSpec } from '../../src/openapi/load.ts';
import type { OpenapiDocument } from '../../src/openapi/types.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/openapi/', import.meta.url));

/** The fixture specs, served as `https://specs.test/<file>`; anything else is not there. */
export const fixtureReader: DocumentReader = async (url) => {
  const prefix = 'https://specs.test/';
  if (!url.startsWith(prefix)) return { error: `${url} is not a fixture` };
  try {
    return { text: await readFile(`${FIXTURES}${url.slice(prefix.length)}`, 'utf8') };
  } catch {
    return { error: `no fixture ${url}` };
  }
};

export async function fixtureSpec(file: string): Promise<OpenapiDocument> {
  const loaded = await loadSpec(`https://specs.test/${file}`, fixtureReader);
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.document;
}

/** A reader over documents given as text, by URL. */
export function textReader(documents: Record<string, string>): DocumentReader {
  return async (url) =>
    url in documents ? { text: documents[url] as string } : { error: `no ${url}` };
}
