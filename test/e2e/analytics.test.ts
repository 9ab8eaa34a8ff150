import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnalyticsConfig } from '../../src/analytics/index.ts';
import { render } from '../../src/render/index.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { launchBrowser, requireChromium, searchSettled, shown } from '../helpers/browser.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { recordViolations, violations } from '../helpers/csp-browser.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';

/**
 * The example rendered with every analytics provider, a feedback webhook and a repository for
 * issues, served with its `_headers` as a host would, and read in Chromium with no network: each
 * provider's script is answered by a stand-in that records what the page asks of it and sends
 * it on to the provider's endpoint as the real one would (so the policy's `connect-src` and
 * `img-src` are put to the test too). No policy violation; each provider hears the page view, a
 * search that found nothing and a feedback answer through its own custom-event API.
 */

const ANALYTICS: AnalyticsConfig = {
  plausible: { domain: 'docs.acme.example' },
  umami: { websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409' },
  matomo: { trackerUrl: 'https://acme.matomo.cloud/', siteId: '3' },
  googleAnalytics: { measurementId: 'G-ABC123XYZ' },
  script: { src: 'https://stats.acme.example/track.js', connect: ['https://collect.acme.example'] },
};
const FEEDBACK = 'https://feedback.acme.example/answers';

/** Stand-ins for the providers' scripts: each calls its endpoint as the real script does. */
const STAND_INS: Record<string, string> = {
  'https://plausible.io/js/script.js': `(() => {
    const domain = document.currentScript.dataset.domain;
    const send = (n, o) => fetch('https://plausible.io/api/event', { method: 'POST', mode: 'no-cors',
      body: JSON.stringify({ n, d: domain, p: (o && o.props) || null }) });
    const queued = (window.plausible && window.plausible.q) || [];
    window.plausible = send;
    for (const args of queued) send(...args);
    send('pageview');
  })();`,
  'https://cloud.umami.is/script.js': `(() => {
    const website = document.currentScript.dataset.websiteId;
    const send = (name, data) => fetch('https://cloud.umami.is/api/send', { method: 'POST', mode: 'no-cors',
      body: JSON.stringify({ website, name: name || 'pageview', data: data || null }) });
    window.umami = { track: send };
    send();
  })();`,
  'https://acme.matomo.cloud/matomo.js': `(() => {
    let tracker = '', site = '';
    const run = (command) => {
      const [name, ...args] = command;
      if (name === 'setTrackerUrl') tracker = args[0];
      else if (name === 'setSiteId') site = args[0];
      else if (name === 'trackPageView' || name === 'trackEvent') {
        const q = new URLSearchParams({ idsite: site, action: name, e: JSON.stringify(args) });
        // Matomo falls back on an image request: both kinds are allowed by the policy.
        navigator.sendBeacon(tracker + '?' + q);
        new Image().src = tracker + '?' + q + '&img=1';
      }
    };
    const queued = window._paq || [];
    const later = queued.filter((c) => c[0] !== 'setTrackerUrl' && c[0] !== 'setSiteId');
    for (const c of queued) if (c[0] === 'setTrackerUrl' || c[0] === 'setSiteId') run(c);
    window._paq = { push: (...commands) => { for (const c of commands) run(c); } };
    for (const c of later) run(c);
  })();`,
  'https://www.googletagmanager.com/gtag/js': `(() => {
    const layer = (window.dataLayer = window.dataLayer || []);
    let id = '';
    const run = (args) => {
      if (!args || typeof args.length !== 'number') return;
      if (args[0] === 'config') id = args[1];
      if (args[0] === 'config' || args[0] === 'event') {
        const q = new URLSearchParams({ tid: id, en: args[0] === 'config' ? 'page_view' : args[1],
          ep: JSON.stringify(args[2] || {}) });
        fetch('https://region1.google-analytics.com/g/collect?' + q, { method: 'POST', mode: 'no-cors' });
      }
    };
    for (const args of layer) run(args);
    layer.push = (...items) => { for (const args of items) run(args); return layer.length; };
  })();`,
  'https://stats.acme.example/track.js': `(() => {
    document.addEventListener('offprint:event', (event) =>
      fetch('https://collect.acme.example/e', { method: 'POST', mode: 'no-cors', body: JSON.stringify(event.detail) }));
  })();`,
};

interface Hit {
  url: string;
  body: string;
}

describe('analytics providers under the Content-Security-Policy', () => {
  let browser: Browser;
  let server: StaticServer;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    requireChromium();
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const cacheDir = await copyFolder(
      inject('exampleBuild').cacheDir,
      path.join(temp.dir, 'cache'),
    );
    const outDir = path.join(temp.dir, 'dist');
    await render({
      cacheDir,
      outDir,
      analytics: ANALYTICS,
      feedbackUrl: FEEDBACK,
      feedbackIssues: 'https://github.com/acme/docs',
      // No "Test it" console: `connect-src` lists exactly the endpoints, which this test proves.
      tryIt: false,
    });
    server = await serveStatic({ dir: outDir, base: await snapshotBase(cacheDir), headers: true });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cleanup?.();
  });

  /** A page with the providers' hosts answered locally: scripts by stand-ins, endpoints recorded. */
  async function open(
    pathname: string,
  ): Promise<{ page: Page; context: BrowserContext; hits: Hit[]; scripts: string[] }> {
    const context = await browser.newContext();
    await recordViolations(context);
    const hits: Hit[] = [];
    const scripts: string[] = [];
    const hosts = [
      'plausible.io',
      'cloud.umami.is',
      'acme.matomo.cloud',
      'www.googletagmanager.com',
      'region1.google-analytics.com',
      'stats.acme.example',
      'collect.acme.example',
      'feedback.acme.example',
      'github.com',
    ];
    await context.route(
      (url) => hosts.includes(url.hostname),
      async (route: Route) => {
        const request = route.request();
        const url = new URL(request.url());
        const standIn = STAND_INS[`${url.origin}${url.pathname}`];
        if (standIn) {
          scripts.push(`${url.origin}${url.pathname}`);
          return route.fulfill({ contentType: 'text/javascript', body: standIn });
        }
        hits.push({ url: request.url(), body: request.postData() ?? '' });
        return route.fulfill({
          status: 200,
          headers: { 'access-control-allow-origin': '*', 'content-type': 'text/plain' },
          body: '',
        });
      },
    );
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const response = await page.goto(new URL(pathname, server.url).href);
    expect(response?.headers()['content-security-policy']).toContain(
      'https://plausible.io/js/script.js',
    );
    return { page, context, hits, scripts };
  }

  const hitsTo = (hits: Hit[], prefix: string) => hits.filter((hit) => hit.url.startsWith(prefix));

  it('loads every provider, counts the page view, and breaks no rule of the policy', async () => {
    const { page, context, hits, scripts } = await open('');
    await expect.poll(() => [...new Set(scripts)].sort()).toEqual(Object.keys(STAND_INS).sort());
    await expect
      .poll(() => hitsTo(hits, 'https://plausible.io/api/event').length)
      .toBeGreaterThan(0);
    await expect
      .poll(() => hitsTo(hits, 'https://cloud.umami.is/api/send').length)
      .toBeGreaterThan(0);
    await expect
      .poll(
        () =>
          hitsTo(hits, 'https://acme.matomo.cloud/matomo.php?idsite=3&action=trackPageView').length,
      )
      .toBe(2);
    await expect
      .poll(
        () =>
          hitsTo(
            hits,
            'https://region1.google-analytics.com/g/collect?tid=G-ABC123XYZ&en=page_view',
          ).length,
      )
      .toBe(1);
    expect(
      JSON.parse(hitsTo(hits, 'https://plausible.io/api/event')[0]?.body ?? '{}'),
    ).toMatchObject({
      n: 'pageview',
      d: 'docs.acme.example',
    });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('tells every provider of a search that found nothing, once the reader stops typing', async () => {
    const { page, context, hits } = await open('');
    await page.keyboard.press('Control+k');
    const input = page.locator('#op-search-input');
    await shown(input);
    for (const term of ['zqxj', 'zqxjvv']) {
      await input.fill(term);
      await searchSettled(page, term);
    }
    await expect
      .poll(
        () => hitsTo(hits, 'https://plausible.io/api/event').map((hit) => JSON.parse(hit.body)),
        { timeout: 10_000 },
      )
      .toContainEqual({
        n: 'Search without results',
        d: 'docs.acme.example',
        p: { query: 'zqxjvv' },
      });
    await expect
      .poll(() =>
        hitsTo(hits, 'https://cloud.umami.is/api/send').map((hit) => JSON.parse(hit.body).data),
      )
      .toContainEqual({ query: 'zqxjvv' });
    await expect
      .poll(() =>
        hitsTo(hits, 'https://acme.matomo.cloud/matomo.php').map((hit) =>
          new URL(hit.url).searchParams.get('e'),
        ),
      )
      .toContain(JSON.stringify(['Search', 'No results', 'zqxjvv']));
    await expect
      .poll(() =>
        hitsTo(hits, 'https://region1.google-analytics.com/g/collect').map((hit) =>
          new URL(hit.url).searchParams.get('en'),
        ),
      )
      .toContain('search_no_results');
    await expect
      .poll(() => hitsTo(hits, 'https://collect.acme.example/e').map((hit) => JSON.parse(hit.body)))
      .toContainEqual({ name: 'search-no-results', props: { query: 'zqxjvv' } });
    // "zqxj" was typed on into "zqxjvv": one search, not one per pause.
    const plausibleQueries = hitsTo(hits, 'https://plausible.io/api/event')
      .map((hit) => JSON.parse(hit.body))
      .filter((event) => event.n === 'Search without results');
    expect(plausibleQueries).toHaveLength(1);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('sends a feedback answer to the webhook and every provider, and offers a prefilled issue', async () => {
    const { page, context, hits } = await open('getting-started/install/');
    const feedback = page.locator('.op-feedback');
    await shown(feedback);
    await feedback.getByRole('button', { name: 'No' }).click();
    await shown(feedback.getByText('Thanks for your feedback!'));
    const webhook = hitsTo(hits, FEEDBACK);
    expect(webhook).toHaveLength(1);
    const pagePath = new URL('getting-started/install/', server.url).pathname;
    expect(JSON.parse(webhook[0]?.body ?? '{}')).toEqual({ page: pagePath, helpful: false });
    await expect
      .poll(() =>
        hitsTo(hits, 'https://plausible.io/api/event').map((hit) => JSON.parse(hit.body).p),
      )
      .toContainEqual({ page: pagePath, helpful: 'no' });
    await expect
      .poll(() =>
        hitsTo(hits, 'https://cloud.umami.is/api/send').map((hit) => JSON.parse(hit.body).data),
      )
      .toContainEqual({ page: pagePath, helpful: 'no' });
    await expect
      .poll(() =>
        hitsTo(hits, 'https://acme.matomo.cloud/matomo.php').map((hit) =>
          new URL(hit.url).searchParams.get('e'),
        ),
      )
      .toContain(JSON.stringify(['Feedback', 'Not helpful', pagePath]));
    await expect
      .poll(() =>
        hitsTo(hits, 'https://region1.google-analytics.com/g/collect').map((hit) =>
          new URL(hit.url).searchParams.get('ep'),
        ),
      )
      .toContain(JSON.stringify({ page_path: pagePath, helpful: 'no' }));
    const issue = feedback.getByRole('link', { name: 'Tell us more in an issue' });
    await shown(issue);
    const href = new URL((await issue.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://github.com/acme/docs/issues/new');
    expect(href.searchParams.get('title')).toMatch(/^Feedback: /);
    expect(href.searchParams.get('body')).toContain(`Page: ${new URL(pagePath, server.url).href}`);
    expect(href.searchParams.get('body')).toContain('Was this page helpful? No');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
