import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type DocsSite, DocsSiteError } from './docs-site.ts';
import { PageAddressError } from './page-address.ts';
import { SandboxError } from './pagefind-sandbox.ts';
import { SitePathError } from './site-path.ts';
import { SiteReadError } from './site-reader.ts';

/** Results one search may return: a client asking for more gets this many. */
const MAX_SEARCH_RESULTS = 50;
/** Pages one list_pages answer holds: a 10,000-page site is paged through with `offset`. */
const MAX_LISTED = 1000;

const Hit = z.object({
  title: z.string(),
  url: z.string(),
  section: z.string().optional(),
  excerpt: z.string(),
});

const Listed = z.object({
  title: z.string(),
  url: z.string(),
  section: z.string(),
  description: z.string().optional(),
});

/**
 * The three tools over one site. Titles, excerpts and descriptions are the site's text: they
 * are returned as JSON data (structured content, and the same JSON as text), never spliced into
 * prose, so a title that reads like an instruction or holds JSON-RPC framing stays a string
 * value. `read_page` returns the page's markdown copy exactly as the site serves it.
 */
export function registerTools(server: McpServer, site: DocsSite): void {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "Search the documentation site with its own search index (the ranking its readers get). Returns each matching page's title, URL, section and an excerpt, best first. Read a page with read_page.",
      inputSchema: {
        query: z.string().min(1).max(500).describe('words to search for'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_SEARCH_RESULTS)
          .optional()
          .describe('most results to return (default 10)'),
      },
      outputSchema: {
        query: z.string(),
        correctedQuery: z
          .string()
          .optional()
          .describe('the query searched instead, its misspelt words corrected'),
        total: z.number(),
        results: z.array(Hit),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit }) =>
      answer(
        async () => {
          const found = await site.search(query, limit ?? 10);
          return { query, ...found };
        },
        // Said in words too: a client reading the text sees the results are for another query.
        (found) =>
          typeof found.correctedQuery === 'string'
            ? `Showing results for ${JSON.stringify(found.correctedQuery)}: words of ${JSON.stringify(query)} that are not on the site corrected.`
            : undefined,
      ),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description:
        "Read one page of the documentation site as markdown (the page's .md copy). Give the page's URL as search_docs or list_pages return it, or its path on the site.",
      inputSchema: {
        url: z.string().min(1).max(2048).describe("the page's URL or path on the site"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ url }): Promise<CallToolResult> => {
      try {
        const page = await site.readPage(url);
        return { content: [{ type: 'text', text: page.markdown }] };
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'list_pages',
    {
      title: 'List the docs pages',
      description:
        "List the documentation site's pages (title, URL, section) from its llms.txt, in the site's order, optionally of one section. Long lists come in parts: pass offset for the next.",
      inputSchema: {
        section: z.string().max(500).optional().describe('only the pages of this section'),
        offset: z.number().int().min(0).optional().describe('skip this many pages (default 0)'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_LISTED)
          .optional()
          .describe(`most pages to return (default 200, at most ${MAX_LISTED})`),
      },
      outputSchema: {
        total: z.number(),
        offset: z.number(),
        sections: z.array(z.string()),
        pages: z.array(Listed),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ section, offset, limit }) =>
      answer(async () => {
        const listed = await site.listPages(section, offset ?? 0, limit ?? 200);
        return {
          total: listed.total,
          offset: offset ?? 0,
          sections: listed.sections,
          pages: listed.pages,
        };
      }),
  );
}

/**
 * A structured answer, and the same JSON as text for clients that read only text, after what
 * `note` says of it, if anything.
 */
async function answer(
  run: () => Promise<Record<string, unknown>>,
  note: (structured: Record<string, unknown>) => string | undefined = () => undefined,
): Promise<CallToolResult> {
  try {
    const structured = await run();
    const said = note(structured);
    return {
      structuredContent: structured,
      content: [
        ...(said ? [{ type: 'text' as const, text: said }] : []),
        { type: 'text', text: JSON.stringify(structured, null, 2) },
      ],
    };
  } catch (error) {
    return failure(error);
  }
}

/** A tool error the client sees: one line saying what went wrong. */
export function failure(error: unknown): CallToolResult {
  const expected =
    error instanceof DocsSiteError ||
    error instanceof PageAddressError ||
    error instanceof SitePathError ||
    error instanceof SiteReadError ||
    error instanceof SandboxError;
  if (!expected)
    process.stderr.write(`offprint mcp: ${(error as Error)?.stack ?? String(error)}\n`);
  const message = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: 'text', text: message }] };
}
