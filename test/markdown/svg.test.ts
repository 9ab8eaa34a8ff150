import type { Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/markdown/svg.ts';

const svg = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${body}</svg>`;

const HOSTILE: [string, string][] = [
  ['root handler', svg('<rect/>', ' onload="alert(1)"')],
  ['script', svg('<script>alert(1)</script><rect/>')],
  ['prefixed script', svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>')],
  ['CDATA script', svg('<script><![CDATA[alert(1)]]></script>')],
  ['element handler', svg('<rect onclick="alert(1)" onmouseover="alert(2)"/>')],
  ['javascript link', svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>')],
  ['tabbed scheme', svg('<a href="java\tscript:alert(1)"><text>x</text></a>')],
  [
    'foreignObject',
    svg(
      '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>',
    ),
  ],
  ['set handler', svg('<set attributeName="onmouseover" to="alert(1)"/>')],
  [
    'animate href',
    svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'),
  ],
  ['external image', svg('<image href="https://evil.example/p.png"/>')],
  ['external use', svg('<use href="https://evil.example/s.svg#x"/>')],
  ['data svg use', svg('<use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#x"/>')],
  ['css import', svg('<style>@import url(https://evil.example/x.css);</style>')],
  ['css url', svg('<style>rect{fill:url(https://evil.example/p)}</style>')],
  [
    'attribute url',
    svg('<rect fill="url(https://evil.example/p)" style="background:url(//evil.example)"/>'),
  ],
  ['entity', `<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${svg('<text>&x;</text>')}`],
  ['xsl', `<?xml-stylesheet href="https://evil.example/x.xsl" type="text/xsl"?>${svg('<rect/>')}`],
];

/** What a browser would find executable or remote in the output, read back with a parser. */
function problems(output: string): string[] {
  const found: string[] = [];
  if (/<!DOCTYPE|<\?xml-stylesheet|<!ENTITY/i.test(output)) found.push('doctype or PI');
  const stack: Nodes[] = [fromHtml(output, { fragment: true, space: 'svg' })];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (node.type === 'element') {
      if (/script|foreignobject|iframe/i.test(node.tagName)) found.push(node.tagName);
      for (const [key, value] of Object.entries(node.properties ?? {})) {
        const text = String(value);
        if (/^on/i.test(key)) found.push(key);
        if (/javascript:|vbscript:|evil\.example|data:image\/svg/i.test(text.replace(/\s/g, '')))
          found.push(`${key}=${text}`);
      }
    }
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
  // Anything left of a payload (in a style sheet, a text node, an attribute) is a failure.
  if (/evil\.example|javascript|alert/i.test(output)) found.push('payload text');
  return found;
}

describe('sanitizeSvg', () => {
  it.each(HOSTILE)('neutralizes %s', (_name, input) => {
    const output = sanitizeSvg(input);
    expect(problems(output)).toEqual([]);
    expect(output).toMatch(/^<svg[\s>]/);
  });

  it('keeps the drawing, same-document references, links and raster data', () => {
    const input = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"/><use href="#g"/>' +
        '<a href="https://example.com/docs"><text x="1" y="9">docs</text></a>' +
        '<image href="data:image/png;base64,iVBORw0KGgo="/>',
      ' viewBox="0 0 10 10"',
    );
    const output = sanitizeSvg(input);
    expect(output).toContain('viewBox="0 0 10 10"');
    expect(output).toContain('fill="url(#g)"');
    expect(output).toContain('href="#g"');
    expect(output).toContain('href="https://example.com/docs"');
    expect(output).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  });

  it('throws on what is not XML, so the caller can replace it', () => {
    expect(() => sanitizeSvg('<svg><unclosed')).toThrow();
  });
});
