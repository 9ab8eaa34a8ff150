import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyticsSetup } from '../../src/analytics/index.ts';
import { contentSecurityPolicy, scriptHash } from '../../src/hosting/csp.ts';
import { headersFile, MAX_RULES } from '../../src/hosting/headers.ts';
import { headersFor, parseHeadersFile } from '../../src/serve/headers-file.ts';

const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((part) => {
      const [name = '', ...sources] = part.split(' ');
      return [name, sources];
    }),
  );

describe('the Content-Security-Policy', () => {
  it('allows scripts from the site and the head script by its hash, never inline', () => {
    const head = 'try{let d=document.documentElement}catch(e){}';
    const policy = contentSecurityPolicy({ inlineScripts: [head], apiConsole: false });
    const hash = createHash('sha256').update(head).digest('base64');
    expect(scriptHash(head)).toBe(`'sha256-${hash}'`);
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'; ` +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data: https:; " +
        "connect-src 'self'; media-src 'self' https:; " +
        "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://www.loom.com https://www.dailymotion.com; " +
        "worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    expect(directives(policy).get('script-src')).not.toContain("'unsafe-inline'");
    expect(
      directives(contentSecurityPolicy({ inlineScripts: [''], apiConsole: false })).get(
        'script-src',
      ),
    ).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it("lists exactly the configured provider's script and endpoints, and the feedback endpoint's origin", () => {
    const plausible = analyticsSetup({ plausible: { domain: 'docs.example.com' } });
    const policy = directives(
      contentSecurityPolicy({
        inlineScripts: [],
        analytics: plausible?.sources,
        feedbackUrl: 'https://hooks.example.com/docs/feedback',
        apiConsole: false,
      }),
    );
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://plausible.io/js/script.js',
    ]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://hooks.example.com',
      'https://plausible.io/api/event',
    ]);

    const matomo = analyticsSetup({
      matomo: { trackerUrl: 'https://m.example.com/', siteId: '1' },
    });
    const withMatomo = directives(
      contentSecurityPolicy({ inlineScripts: [], analytics: matomo?.sources, apiConsole: false }),
    );
    expect(withMatomo.get('script-src')).toContain('https://m.example.com/matomo.js');
    expect(withMatomo.get('connect-src')).toEqual(["'self'", 'https://m.example.com/matomo.php']);
    expect(withMatomo.get('img-src')).toContain('https://m.example.com/matomo.php');

    const ga = analyticsSetup({ googleAnalytics: { measurementId: 'G-ABC123XYZ' } });
    const withGa = directives(
      contentSecurityPolicy({ inlineScripts: [], analytics: ga?.sources, apiConsole: false }),
    );
    expect(withGa.get('script-src')).toContain('https://*.googletagmanager.com');
    expect(withGa.get('connect-src')).toContain('https://*.analytics.google.com');
  });

  it('lets a site with a "Test it" console connect to any server the reader names', () => {
    const policy = directives(contentSecurityPolicy({ inlineScripts: [], apiConsole: true }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'https:', 'http:']);
  });
});

describe('_headers with a policy', () => {
  const input = {
    base: '/docs/',
    pageDirs: ['api', 'guides'],
    rootFiles: ['404.html', 'index.html', 'robots.txt'],
  };
  const CSP = "default-src 'self'";

  it('gives every HTML rule the policy, no other rule, and no path two policies', () => {
    const text = headersFile({ ...input, csp: CSP });
    const rules = parseHeadersFile(text);
    const withPolicy = (path: string) =>
      rules.filter(
        (rule) =>
          rule.pattern.test(path) &&
          rule.headers.some(([name]) => name === 'Content-Security-Policy'),
      ).length;
    for (const path of [
      '/docs/',
      '/docs/index.html',
      '/docs/404.html',
      '/docs/api/reference/',
      '/docs/guides/x/',
    ])
      expect(withPolicy(path), path).toBe(1);
    for (const path of ['/docs/_astro/x.js', '/docs/robots.txt', '/docs/pagefind/pagefind.js'])
      expect(withPolicy(path), path).toBe(0);
    // Nothing is joined: each path gets the header once.
    expect(headersFor(rules, '/docs/api/x/').get('content-security-policy')).toBe(CSP);
    expect(headersFile(input)).not.toContain('Content-Security-Policy');
    expect(text.replaceAll(`  Content-Security-Policy: ${CSP}\n`, '')).toBe(headersFile(input));
  });

  it('keeps the policy when there are too many page directories for a rule each', () => {
    const many = {
      ...input,
      pageDirs: Array.from({ length: MAX_RULES }, (_, i) => `d${i}`),
      csp: CSP,
    };
    const rules = parseHeadersFile(headersFile(many));
    expect(rules.length).toBeLessThanOrEqual(MAX_RULES);
    expect(headersFor(rules, '/docs/d7/page/').get('content-security-policy')).toBe(CSP);
    expect(headersFor(rules, '/docs/index.html').get('content-security-policy')).toBe(CSP);
  });
});
