import type { AnalyticsConfig } from './config.ts';

/**
 * What each configured provider needs on a page, as its install docs give it, with one change:
 * nothing inline. The tags a provider documents as plain `<script src>` stay tags (Plausible's
 * and Umami's read their `data-*` attributes; gtag.js is loaded async); what its snippet does
 * inline (GA4's `gtag('config')`, Matomo's `_paq` set-up and loader, Plausible's queue stub) is
 * done by the theme's analytics script (themes/default/scripts/analytics.ts) from `settings`.
 * `sources` is what the Content-Security-Policy must allow for them (src/hosting/csp.ts).
 */

export const PLAUSIBLE_HOST = 'https://plausible.io';
export const UMAMI_CLOUD_SCRIPT = 'https://cloud.umami.is/script.js';
/** Where Umami Cloud's tracker sends its events (not the script's own origin). */
export const UMAMI_CLOUD_API = 'https://api-gateway.umami.dev';
export const GTAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

/** A `<script>` tag a provider documents: its URL, how it loads, and its `data-*` attributes. */
export interface ProviderScript {
  src: string;
  load: 'defer' | 'async';
  /** `data-*` attributes by their full name (`data-domain`). */
  data: Record<string, string>;
}

/** What the theme's analytics script reads (a JSON block in the page, never code). */
export interface AnalyticsSettings {
  plausible?: true;
  umami?: true;
  matomo?: { trackerUrl: string; siteId: string; scriptUrl: string };
  googleAnalytics?: { measurementId: string };
  script?: true;
}

/** Sources by CSP directive (origins or exact URLs), as each provider's CSP docs list them. */
export interface ProviderSources {
  script: string[];
  connect: string[];
  img: string[];
}

export interface AnalyticsView {
  scripts: ProviderScript[];
  settings: AnalyticsSettings;
}

export interface AnalyticsSetup {
  view: AnalyticsView;
  sources: ProviderSources;
}

/** The page's tags and settings and the policy's sources for `config`; undefined when off. */
export function analyticsSetup(config: AnalyticsConfig | undefined): AnalyticsSetup | undefined {
  if (!config) return undefined;
  const scripts: ProviderScript[] = [];
  const settings: AnalyticsSettings = {};
  const sources: ProviderSources = { script: [], connect: [], img: [] };
  const { plausible, umami, matomo, googleAnalytics, script } = config;
  if (plausible) {
    const host = origin(plausible.host ?? PLAUSIBLE_HOST);
    scripts.push({
      src: `${host}/js/script.js`,
      load: 'defer',
      data: { 'data-domain': plausible.domain },
    });
    settings.plausible = true;
    sources.script.push(`${host}/js/script.js`);
    sources.connect.push(`${host}/api/event`);
  }
  if (umami) {
    const src = umami.scriptUrl ?? UMAMI_CLOUD_SCRIPT;
    scripts.push({
      src,
      load: 'defer',
      data: {
        'data-website-id': umami.websiteId,
        ...(umami.hostUrl ? { 'data-host-url': origin(umami.hostUrl) } : {}),
      },
    });
    settings.umami = true;
    sources.script.push(src);
    const api = umami.hostUrl ? origin(umami.hostUrl) : origin(src);
    sources.connect.push(`${api}/api/send`);
    if (!umami.scriptUrl && !umami.hostUrl) sources.connect.push(`${UMAMI_CLOUD_API}/api/send`);
  }
  if (matomo) {
    const trackerUrl = matomo.trackerUrl.endsWith('/')
      ? matomo.trackerUrl
      : `${matomo.trackerUrl}/`;
    const scriptUrl = matomo.scriptUrl ?? `${trackerUrl}matomo.js`;
    settings.matomo = { trackerUrl, siteId: matomo.siteId, scriptUrl };
    sources.script.push(scriptUrl);
    // The tracker posts (sendBeacon, XHR) and falls back on an image request.
    sources.connect.push(`${trackerUrl}matomo.php`);
    sources.img.push(`${trackerUrl}matomo.php`);
  }
  if (googleAnalytics) {
    const { measurementId } = googleAnalytics;
    scripts.push({ src: `${GTAG_SCRIPT}?id=${measurementId}`, load: 'async', data: {} });
    settings.googleAnalytics = { measurementId };
    // Google's CSP guide for Google Analytics 4 (tag-platform/security/guides/csp).
    sources.script.push('https://*.googletagmanager.com');
    sources.connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
    sources.img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  if (script) {
    scripts.push({ src: script.src, load: 'defer', data: {} });
    settings.script = true;
    sources.script.push(script.src);
    for (const url of script.connect ?? []) {
      sources.connect.push(origin(url));
      sources.img.push(origin(url));
    }
  }
  if (scripts.length === 0 && !settings.matomo) return undefined;
  return { view: { scripts, settings }, sources };
}

function origin(url: string): string {
  return new URL(url).origin;
}
