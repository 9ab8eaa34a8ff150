/**
 * Security: every payload, alone and inside blocks, renders to HTML whose parsed tree has no
 * executable content: no script-like elements, no iframe but the allow-listed video players, no
 * event handler attributes, no URL attribute with a scheme other than http(s)/mailto/tel/irc/xmpp
 * once whitespace, control characters, entities and case are normalised, no dangerous inline
 * style. The check walks the tree parsed back from the output (hast-util-from-html, i.e. parse5),
 * not the string.
 */
import type { Element, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { violations } from './safety.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"//',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
  '<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCc+PC9zdmc+#x"/></svg>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<math href="javascript:alert(1)">x</math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<svg><p><style><img src onerror=alert(1)></style></p></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://evil.example.com/"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<applet code="x"></applet>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href=" \u0001javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<a href="https://ok.example" onmouseover="alert(1)" style="position:fixed;background:url(javascript:alert(1))">x</a>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input type="image" src="javascript:alert(1)">',
  '<isindex action="javascript:alert(1)" type="image">',
  '<video poster="javascript:alert(1)"><source src="javascript:alert(1)"></video>',
  '<audio src="x" onerror="alert(1)"></audio>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<textarea></textarea><script>alert(1)</script>',
  '<title><script>alert(1)</script></title>',
  '<xmp><script>alert(1)</script></xmp>',
  '<img srcset="javascript:alert(1) 1x">',
  '<picture><source srcset="javascript:alert(1)"><img src="javascript:alert(1)"></picture>',
  '<picture><source srcset="x.png 1x, javascript:alert(1) 2x"><img src="x.png"></picture>',
  '<frameset onload=alert(1)><frame src="javascript:alert(1)"></frameset>',
  '<div data-with-frame="true" onclick="alert(1)"><img src="x" onerror="alert(1)"></div>',
  '<details><summary onclick="alert(1)">x</summary></details>',
  '<figure><img src="javascript:alert(1)"><figcaption onmouseover="alert(1)">c</figcaption></figure>',
  '<img src="x" data-size="line" onerror="alert(1)">',
  '<a class="button primary" href="javascript:alert(1)" data-icon="x&quot; onload=&quot;alert(1)">b</a>',
  '<i class="fa-house&quot; onmouseover=&quot;alert(1)">x</i>',
  '<mark style="color:red;background:url(javascript:alert(1))">m</mark>',
  '<span data-gb-custom-inline data-tag="emoji" data-code="3c7363726970743e">x</span>',
  '<code class="expression">"&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code>',
  '<pre class="language-js&quot; onclick=&quot;alert(1)" data-title="<script>alert(1)</script>"><code>x</code></pre>',
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td>t</td><td><a href="javascript:alert(1)">x</a></td><td><a href="javascript:alert(2)">c</a></td></tr></tbody></table>',
  '<table><thead><tr><th data-type="image">i</th></tr></thead><tbody><tr><td><a href="javascript:alert(1)">x</a></td></tr></tbody></table>',
  '<a href="https://ok.example" id="__proto__" name="cookie">clobber</a>',
  '<blockquote cite="javascript:alert(1)">q</blockquote>',
  '<q cite="javascript:alert(1)">q</q> <del cite="vbscript:x">d</del> <ins cite="data:text/html,x">i</ins>',
  '<img src="/x.png" longdesc="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td background="javascript:alert(2)">x</td></tr></table>',
  '<a href="https://ok.example" ping="javascript:alert(1)">x</a>',
  '<svg><image href="javascript:alert(1)"></image><image xlink:href="javascript:alert(2)"></image></svg>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;">x</a>',
  '<html manifest="javascript:alert(1)"><body background="javascript:alert(1)">x</body></html>',
  '<a id="x" href="#x" onfocus="alert(1)" autofocus tabindex=1>x</a>',
];

const MARKDOWN_PAYLOADS = [
  '[x](javascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](JAVASCRIPT:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](java&#x0A;script:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html,<script>alert(1)</script>)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '<data:text/html,alert(1)> and <vbscript:msgbox(1)>',
  '![x](../.gitbook/assets/logo.png "\\" onerror=\\"alert(1)")',
  "[x](<https://ok.example/a b> '\\' onclick=\\'alert(1)')",
  '[x](https://ok.example "\\" onmouseover=\\"alert(1)")',
  '## <img src=x onerror=alert(1)> heading',
  '## Heading <a href="#x&quot; onclick=&quot;alert(1)" id="x&quot; onclick=&quot;alert(1)"></a>',
  '```js\n</code></pre><script>alert(1)</script>\n```',
  '```"><script>alert(1)</script>\nx\n```',
  '```mermaid\n<script>alert(1)</script>\n```',
  '$$\\href{javascript:alert(1)}{click}$$',
  '$$\\url{javascript:alert(1)}$$',
  '$$\\htmlClass{x}{y} \\htmlId{a}{b} \\htmlStyle{background:url(javascript:alert(1))}{c}$$',
  '$$\\includegraphics{javascript:alert(1)}$$',
  '$$</span><script>alert(1)</script>$$',
  '$$\n\\href{javascript:alert(1)}{x}\n$$',
  '`<script>alert(1)</script>`',
  ':house: <script>alert(1)</script> :+1:',
  'A footnote[^x]\n\n[^x]: <img src=x onerror=alert(1)>',
];

const TAG_PAYLOADS = [
  '{% embed url="javascript:alert(1)" %}',
  '{% embed url="vbscript:msgbox(1)" caption="\\"><img src=x onerror=alert(1)>" %}',
  '{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" caption="</figcaption><script>alert(1)</script>" %}',
  '{% embed url="https://www.youtube.com/watch?v=&quot;&gt;&lt;script&gt;" %}',
  '{% embed url="https://youtube.com/watch?v=\\"><script>alert(1)</script>" %}',
  '{% embed url="https://vimeo.com/123\\"onload=\\"alert(1)" %}',
  '{% embed url="data:text/html,<script>alert(1)</script>" %}caption <img src=x onerror=alert(1)>{% endembed %}',
  '{% content-ref url="javascript:alert(1)" %}\n[x](javascript:alert(1))\n{% endcontent-ref %}',
  '{% file src="javascript:alert(1)" %}\ncaption\n{% endfile %}',
  '{% file src="data:text/html,<script>alert(1)</script>" %}',
  '{% hint style="\\"><script>alert(1)</script>" %}\nx\n{% endhint %}',
  '{% hint style="info" icon="\\" onload=\\"alert(1)" %}\nx\n{% endhint %}',
  '{% tabs %}\n{% tab title="<img src=x onerror=alert(1)>" %}\nx\n{% endtab %}\n{% endtabs %}',
  '{% tabs %}\n{% tab title="\\"><script>alert(1)</script>" icon="<svg onload=alert(1)>" %}\nx\n{% endtab %}\n{% endtabs %}',
  '{% code title="<script>alert(1)</script>" %}\n```js\nx\n```\n{% endcode %}',
  '{% updates %}\n{% update date="\\"><img src=x onerror=alert(1)>" tags="<script>,x" %}\nx\n{% endupdate %}\n{% endupdates %}',
  '{% columns %}\n{% column width="50%;background:url(javascript:alert(1))" %}\nx\n{% endcolumn %}\n{% endcolumns %}',
  '{% if "><script>alert(1)</script> %}\nx\n{% endif %}',
  '{% if visitor.x" onmouseover="alert(1) %}\nx\n{% else %}\ny\n{% endif %}',
  '{% openapi-operation path="<img src=x onerror=alert(1)>" method="get\\" onclick=\\"" %}\n[spec](javascript:alert(1))\n{% endopenapi-operation %}',
  '{% openapi src="javascript:alert(1)" path="/x" method="get" %}',
  '{% swagger baseUrl="javascript:" path="alert(1)" method="post" %}\n{% swagger-parameter name="<script>" in="\\"><b>" %}\nx\n{% endswagger-parameter %}\n{% endswagger %}',
  '{% prompt description="<script>alert(1)</script>" icon="x\\"" defaultExpanded="\\" onclick=\\"" %}\nx\n{% endprompt %}',
  '{% include "javascript:alert(1)" %}',
  '{% unknown-tag class="x" onclick="alert(1)" %}\n<img src=x onerror=alert(1)>\n{% endunknown-tag %}',
  '{% stepper %}\n{% step %}\n<script>alert(1)</script>\n{% endstep %}\n{% endstepper %}',
];

const PAYLOADS = [...HTML_PAYLOADS, ...MARKDOWN_PAYLOADS, ...TAG_PAYLOADS];

const CONTEXTS: [string, (p: string) => string][] = [
  ['alone', (p) => p],
  ['in a paragraph', (p) => `Text before ${p} text after.`],
  ['in a hint', (p) => `{% hint style="info" %}\n${p}\n{% endhint %}`],
  [
    'in a tab in a step',
    (p) =>
      `{% stepper %}\n{% step %}\n{% tabs %}\n{% tab title="t" %}\n${p}\n{% endtab %}\n{% endtabs %}\n{% endstep %}\n{% endstepper %}`,
  ],
  ['in a list item', (p) => `* item\n\n  ${p.replace(/\n/g, '\n  ')}`],
];

async function render(markdown: string) {
  return renderMarkdown(markdown, { resolver: testResolver, currentPath: CURRENT_PATH });
}

describe('XSS', () => {
  it('the checker catches what it should', () => {
    expect(violations('<script>x</script>')).not.toEqual([]);
    expect(violations('<a href="  JaVa&#x0A;script:x">x</a>')).not.toEqual([]);
    expect(violations('<img src=x onerror=y>')).not.toEqual([]);
    expect(violations('<iframe src="https://evil.example"></iframe>')).not.toEqual([]);
    expect(violations('<source srcset="a.png 1x, javascript:x 2x">')).not.toEqual([]);
    expect(violations('<div style="background:url(x)"></div>')).not.toEqual([]);
    expect(violations('<a href="https://ok.example/">ok</a><img src="/a.png">')).toEqual([]);
  });

  for (const [name, wrap] of CONTEXTS) {
    describe(name, () => {
      PAYLOADS.forEach((payload, i) => {
        it(`#${i} ${payload.slice(0, 60).replace(/\n/g, '⏎')}`, async () => {
          const result = await render(wrap(payload));
          expect(violations(result.html)).toEqual([]);
          // Belt and braces on the string too: no `<script` outside (inert) attribute values.
          expect(result.html.replace(/="[^"]*"/g, '=""').toLowerCase()).not.toContain('<script');
          expect(result.warnings.filter((w) => w.message.startsWith('render failed'))).toEqual([]);
        });
      });
    });
  }

  it('keeps allow-listed video iframes, sandboxed and lazy', async () => {
    const { html } = await render('{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" %}');
    const tree = fromHtml(html, { fragment: true });
    const stack: RootContent[] = [...tree.children];
    const iframes: Element[] = [];
    while (stack.length > 0) {
      const node = stack.pop() as RootContent;
      if (node.type !== 'element') continue;
      if (node.tagName === 'iframe') iframes.push(node);
      stack.push(...node.children);
    }
    expect(iframes).toHaveLength(1);
    expect(iframes[0]?.properties.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(iframes[0]?.properties.loading).toBe('lazy');
    expect(iframes[0]?.properties.sandbox).toEqual([
      'allow-scripts',
      'allow-same-origin',
      'allow-presentation',
      'allow-popups',
    ]);
    expect(violations(html)).toEqual([]);
  });

  it('prefixes ids and names from HTML (DOM clobbering)', async () => {
    const { html } = await render(
      '<a href="https://ok.example" id="__proto__" name="cookie">x</a> <img src="/x.png" id="location">',
    );
    expect(html).toContain('id="user-content-__proto__"');
    expect(html).toContain('name="user-content-cookie"');
    expect(html).toContain('id="user-content-location"');
  });

  it('keeps text of tag parameters as text', async () => {
    const { html } = await render(
      '{% tabs %}\n{% tab title="<img src=x onerror=alert(1)>" %}\nx\n{% endtab %}\n{% endtabs %}',
    );
    expect(html).toContain('&#x3C;img src=x onerror=alert(1)>');
    expect(html).not.toContain('<img');
  });
});
