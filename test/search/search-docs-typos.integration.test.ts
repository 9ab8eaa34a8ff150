import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, connectStdio, hits, type StdioSession } from '../mcp/helpers.ts';

/**
 * `offprint mcp`'s `search_docs` forgives a typo as the search dialog does
 * (src/search/typo-correction.ts), over the example built once per run: it searches the word of
 * the site closest to the misspelt one, and says so in its answer, in words and as data.
 */

const { outDir } = inject('exampleBuild');

let session: StdioSession;
beforeAll(async () => {
  session = await connectStdio([outDir]);
});
afterAll(() => session?.close());

const texts = (result: Awaited<ReturnType<typeof call>>) =>
  result.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));

describe('search_docs with a misspelt word', () => {
  it('searches the site’s word instead, and says "Showing results for" it', async () => {
    const found = await call(session.client, 'search_docs', { query: 'thermsitors' });
    const [first] = hits(found);
    expect(first?.title).toBe('Sensor calibration');
    expect(first?.excerpt).toMatch(/thermistors/i);
    expect(found.structuredContent).toMatchObject({
      query: 'thermsitors',
      correctedQuery: 'thermistors',
    });
    const [note, json] = texts(found);
    expect(note).toMatch(/^Showing results for "thermistors"/);
    expect(JSON.parse(json as string)).toEqual(found.structuredContent);
  });

  it('corrects only the misspelt word of several', async () => {
    const found = await call(session.client, 'search_docs', { query: 'sensor calibraton' });
    expect(found.structuredContent).toMatchObject({ correctedQuery: 'sensor calibration' });
    expect(hits(found)[0]?.title).toBe('Sensor calibration');
  });

  it('answers a word the site has as before: no correction, no note', async () => {
    const found = await call(session.client, 'search_docs', { query: 'thermistors' });
    expect(found.structuredContent).not.toHaveProperty('correctedQuery');
    expect(texts(found)).toHaveLength(1);
    expect(hits(found)[0]?.title).toBe('Sensor calibration');
  });
});
