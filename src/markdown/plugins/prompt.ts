/**
 * `{% prompt description="…" icon="…" defaultExpanded="…" %}…{% endprompt %}` (an AI prompt
 * the reader can copy). The header is `span.op-prompt__icon + span.op-prompt__description`, the
 * body `div.op-prompt__body` (usually a code block, which carries the copy button). By
 * `defaultExpanded`, as the platform shows it, with no script:
 *
 * - `full` (or `true`, or none): `div.op-prompt > div.op-prompt__header + div.op-prompt__body`;
 * - `hidden` (or `false`): `details.op-prompt.op-prompt--hidden > summary.op-prompt__header +
 *   body`, closed;
 * - `partial`: `div.op-prompt.op-prompt--partial > header + details.op-prompt__more > summary +
 *   body`, whose closed state the theme shows as the first ten lines or so.
 */
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { assistantLinksFor } from '../assistant-links.ts';
import { textContent } from '../hast.ts';
import { el, iconName, iconSlot, mapBlocks, plainText, text } from '../mdast.ts';
import { type ContentStrings, ENGLISH_CONTENT_STRINGS } from '../strings.ts';
import { attr, type BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { prompt: 'container' } as const satisfies BlockTags;

const PROMPT = new Set(Object.keys(TAGS));

type Expanded = 'full' | 'hidden' | 'partial';

function expandedOf(value: string | undefined): Expanded | undefined {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '' || v === 'full' || v === 'true') return 'full';
  if (v === 'hidden' || v === 'false') return 'hidden';
  if (v === 'partial') return 'partial';
  return undefined;
}

export function remarkOpPrompt(strings: ContentStrings = ENGLISH_CONTENT_STRINGS) {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, PROMPT, (block) => {
      const description = attr(block.tag, 'description')?.trim();
      const icon = iconName(attr(block.tag, 'icon')) ?? 'sparkles';
      const written = attr(block.tag, 'defaultExpanded');
      let expanded = expandedOf(written);
      if (!expanded) {
        file.message(
          `${block.tag.raw}: defaultExpanded "${written}" is not full, partial or hidden; shown full`,
          block,
        );
        expanded = 'full';
      }
      const header: RootContent[] = [iconSlot(icon, 'op-prompt__icon')];
      if (description)
        header.push(el('span', { className: ['op-prompt__description'] }, [text(description)]));
      const body = el('div', { className: ['op-prompt__body'] }, block.children);
      const open = openLinks(block.children, strings);
      const node =
        expanded === 'hidden'
          ? el('details', { className: ['op-prompt', 'op-prompt--hidden'] }, [
              el('summary', { className: ['op-prompt__header'] }, header),
              body,
              ...open,
            ])
          : el(
              'div',
              {
                className: ['op-prompt', ...(expanded === 'partial' ? ['op-prompt--partial'] : [])],
              },
              [
                el('div', { className: ['op-prompt__header'] }, header),
                expanded === 'partial'
                  ? el('details', { className: ['op-prompt__more'] }, [
                      el('summary', {}, [
                        el('span', { className: ['op-prompt__show-more'] }, [
                          text(strings.showMore),
                        ]),
                        el('span', { className: ['op-prompt__show-less'] }, [
                          text(strings.showLess),
                        ]),
                      ]),
                      body,
                    ])
                  : body,
                ...open,
              ],
            );
      if (block.position) node.position = block.position;
      return node;
    });
  };
}

/** The longest prompt sent to an assistant in a link: past it, a link would be cut. */
const MAX_LINKED_PROMPT = 6000;

/**
 * "Open in ChatGPT" / "Open in Claude" with the prompt's text. Always written; the theme shows
 * them only on pages whose actions offer assistants (a public site with page actions on), as the
 * platform does, so the decision stays with the page and the cached HTML serves every page.
 */
function openLinks(children: RootContent[], strings: ContentStrings): RootContent[] {
  const prompt = children.map(textOf).join('\n').trim();
  if (prompt === '' || prompt.length > MAX_LINKED_PROMPT) return [];
  const labels = { chatgpt: strings.openInChatGpt, claude: strings.openInClaude };
  return [
    el(
      'p',
      { className: ['op-prompt__open'] },
      assistantLinksFor(prompt).flatMap((link, i) => [
        ...(i > 0 ? [text(' ')] : []),
        el('a', { href: link.url, className: ['op-prompt__assistant'] }, [text(labels[link.name])]),
      ]),
    ),
  ];
}

/** A node's text; a code block is hast by now (the code plugin ran first), read as such. */
function textOf(node: RootContent): string {
  if (node.type === 'opElement' && node.data.hChildren)
    return textContent({ type: 'root', children: node.data.hChildren });
  if ('children' in node) return (node.children as RootContent[]).map(textOf).join('');
  return plainText(node);
}
