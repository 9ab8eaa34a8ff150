import { toHtml } from 'hast-util-to-html';
import { drawIcon } from '../markdown/icons.ts';

/**
 * The mark beside "Edit on GitHub/GitLab" (Font Awesome's free brand icons, as the platform
 * shows them), as SVG markup hidden from screen readers; a pen for any other Git host.
 */
const drawn = new Map<string, string>();

export function gitProviderIconHtml(providerName: string): string {
  const name = providerName === 'GitHub' ? 'github' : providerName === 'GitLab' ? 'gitlab' : 'pen';
  let html = drawn.get(name);
  if (html === undefined) {
    const icon = drawIcon(name, name === 'pen' ? 'solid' : 'brands');
    if (icon) {
      icon.svg.properties = {
        ...icon.svg.properties,
        ariaHidden: 'true',
        focusable: 'false',
        className: ['op-edit-link__icon'],
      };
    }
    html = icon ? toHtml(icon.svg) : '';
    drawn.set(name, html);
  }
  return html;
}
