/**
 * Coloured text: `<mark style="color:red;background-color:$primary;">` →
 * `mark.op-mark.op-mark--color-red.op-mark--bg-primary`. Only the platform's colour names and
 * `$tokens` are kept, as classes; the `style` attribute itself never reaches the output.
 */
import type { Root } from 'hast';
import { prop, walkElements } from '../hast.ts';

const COLORS = new Set(
  'default gray grey red orange yellow green teal blue purple pink brown primary info success warning danger neutral tint'.split(
    ' ',
  ),
);

function color(value: string): string | undefined {
  const name = value.trim().toLowerCase().replace(/^\$/, '');
  if (name === 'grey') return 'gray';
  return COLORS.has(name) ? name : undefined;
}

export function rehypeOpMarks() {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      if (node.tagName !== 'mark') return undefined;
      const style = prop(node, 'style') ?? '';
      const className = ['op-mark'];
      for (const declaration of style.split(';')) {
        const colon = declaration.indexOf(':');
        if (colon < 0) continue;
        const key = declaration.slice(0, colon).trim().toLowerCase();
        const value = color(declaration.slice(colon + 1));
        if (!value) continue;
        if (key === 'color') className.push(`op-mark--color-${value}`);
        else if (key === 'background-color' || key === 'background')
          className.push(`op-mark--bg-${value}`);
      }
      node.properties = { className };
      return undefined;
    });
  };
}
