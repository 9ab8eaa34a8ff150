import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { DocsSite } from './docs-site.ts';

/** A page's resource URI: its markdown copy's path on the site. */
const PAGE_TEMPLATE = 'offprint://page/{+path}';

/**
 * Each page as a resource, `offprint://page/<copy path>` (`offprint://page/guides/install.md`),
 * its markdown as `text/markdown`. The list comes from llms.txt (a site without one lists
 * none; its pages can still be read by URI). Reading goes through the same path check as
 * `read_page`.
 */
export function registerResources(server: McpServer, site: DocsSite): void {
  const template = new ResourceTemplate(PAGE_TEMPLATE, {
    list: async () => {
      const listed = await site
        .listPages(undefined, 0, Number.MAX_SAFE_INTEGER)
        .catch(() => undefined);
      const resources = [];
      for (const page of listed?.pages ?? []) {
        const path = await site.copyPathOf(page.url).catch(() => undefined);
        if (!path) continue;
        resources.push({
          uri: `offprint://page/${path}`,
          name: page.title,
          mimeType: 'text/markdown',
          ...(page.description ? { description: page.description } : {}),
        });
      }
      return { resources };
    },
  });
  server.registerResource(
    'page',
    template,
    { title: 'A docs page', description: "A page's markdown copy", mimeType: 'text/markdown' },
    async (uri, variables) => {
      const path = Array.isArray(variables.path)
        ? variables.path.join('/')
        : String(variables.path);
      const page = await site.readPage(path);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] };
    },
  );
}
