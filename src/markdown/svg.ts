import { type CustomPlugin, optimize, type XastChild, type XastParent } from 'svgo';
import { compactUrl, isSafeAbsoluteUrl, urlScheme } from './url-scheme.ts';

/**
 * SVG files from the platform are untrusted and end up on the site's own origin: opened
 * directly (not through `<img>`), an SVG runs its script and loads what it references. Each one
 * is rewritten with svgo's XML parser before it is copied into the output, keeping the drawing
 * and dropping everything that executes or reaches out:
 * - the DOCTYPE (its internal entities are expanded by the browser, svgo leaves them unread)
 *   and processing instructions (`<?xml-stylesheet?>` can load XSLT);
 * - `script`, `foreignObject` (HTML inside SVG), `iframe`, `embed`, `object`, `handler`,
 *   `animate`/`set` elements that target links or handlers, in any namespace prefix;
 * - every `on*` attribute; every link (`href`, `xlink:href`) except same-document `#id`,
 *   an absolute URL of an allowed link scheme (`url-scheme.ts`) on `<a>`, and raster `data:image/…` on `<image>`;
 * - `<style>` and `style`/presentation values that import or point `url()` anywhere but `#id`.
 */

const DROPPED_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'discard',
]);
const ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);
const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
/** `url(` or `@import` that points anywhere but a fragment of this document. */
const EXTERNAL_CSS = /@import|url\(\s*(['"]?)\s*(?!#)/i;

function localName(qualified: string): string {
  return (
    qualified.includes(':') ? qualified.slice(qualified.indexOf(':') + 1) : qualified
  ).toLowerCase();
}

/** Schemes that run or embed content wherever a URL is read: dropped from any attribute. */
const EXECUTABLE_SCHEMES = new Set(['javascript', 'vbscript', 'data']);

function allowedLink(element: string, value: string): boolean {
  if (compactUrl(value).startsWith('#')) return true;
  if (element === 'a') return isSafeAbsoluteUrl(value);
  if (element === 'image') return RASTER_DATA.test(value.trim());
  return false;
}

function isDangerousAnimation(attributes: Record<string, string>): boolean {
  const target = localName(compactUrl(attributes.attributeName ?? ''));
  return target === 'href' || target.startsWith('on') || target === 'style';
}

const neutralize: CustomPlugin = {
  name: 'offprintNeutralize',
  fn: () => {
    const drop = (node: XastChild, parent: XastParent) => {
      parent.children = parent.children.filter((child) => child !== node);
    };
    return {
      doctype: { enter: drop },
      instruction: { enter: drop },
      element: {
        enter: (node, parent) => {
          const name = localName(node.name);
          if (DROPPED_ELEMENTS.has(name)) return drop(node, parent);
          if (ANIMATIONS.has(name) && isDangerousAnimation(node.attributes))
            return drop(node, parent);
          if (name === 'style') {
            const css = node.children.map((c) => ('value' in c ? c.value : '')).join('');
            if (EXTERNAL_CSS.test(css)) return drop(node, parent);
          }
          for (const [attribute, value] of Object.entries(node.attributes)) {
            const local = localName(attribute);
            const unsafe =
              local.startsWith('on') ||
              (local === 'href' && !allowedLink(name, value)) ||
              EXTERNAL_CSS.test(value) ||
              EXECUTABLE_SCHEMES.has(urlScheme(value) ?? '');
            if (unsafe && !(local === 'href' && allowedLink(name, value))) {
              delete node.attributes[attribute];
            }
          }
        },
      },
    };
  },
};

/** The SVG without script, handlers or external references; throws if it is not XML. */
export function sanitizeSvg(svg: string): string {
  return optimize(svg, { multipass: false, plugins: ['removeScripts', neutralize] }).data;
}
