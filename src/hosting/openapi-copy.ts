import { blockViews, mayHaveOpenapiBlock, OPENAPI_TAGS } from '../markdown/openapi-block.ts';
import { documentTags } from '../markdown/parse.ts';
import type { MarkdownOptions } from '../markdown/types.ts';
import { operationMarkdown, schemaMarkdown } from '../openapi/to-markdown.ts';

/**
 * A page's markdown with each OpenAPI block whose spec the render has replaced by the
 * operation (or schemas) as readable markdown, for the `.md` copy and `llms-full.txt`. A block
 * without its spec stays as written: the page's warnings already name it.
 */
export async function expandOpenapiBlocks(
  markdown: string,
  options: Pick<MarkdownOptions, 'openapi' | 'resolver' | 'currentPath' | 'appOrigins'>,
): Promise<string> {
  if (!options.openapi || !mayHaveOpenapiBlock(markdown)) return markdown;
  const tags = documentTags(markdown);
  const lines = markdown.split('\n');
  const replacements: { from: number; to: number; text: string }[] = [];
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i];
    if (!tag || !OPENAPI_TAGS.has(tag.name)) continue;
    const end = tags.slice(i + 1).find((t) => t.name === `end${tag.name}`);
    const views = await blockViews(tag, options, () => {});
    if (!views) continue;
    const text =
      views.kind === 'operation'
        ? operationMarkdown(views.view)
        : views.views.map(schemaMarkdown).join('\n');
    replacements.push({ from: tag.line, to: end?.line ?? tag.line, text: text.trimEnd() });
  }
  // From the last block up, so the earlier blocks' line numbers still hold.
  for (const { from, to, text } of replacements.reverse())
    lines.splice(from - 1, to - from + 1, text);
  return lines.join('\n');
}
