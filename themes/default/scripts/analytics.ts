/**
 * The analytics providers' set-up and the site's events sent to them (docs/analytics.md). Their
 * install snippets are inline scripts, which the site's Content-Security-Policy forbids; this
 * file does the same from the settings the build wrote as JSON (`#op-analytics`,
 * src/analytics/providers.ts): Google Analytics 4's `gtag('config')`, Matomo's `_paq` set-up and
 * loader, Plausible's queue. Plausible's and Umami's own tags are in the page as they document them.
 */
import type { AnalyticsSettings } from '../../../src/analytics/providers.ts';
import { SITE_EVENT, type SiteEvent } from './site-events.ts';

type Queue = unknown[] & { push(...items: unknown[]): number };

declare global {
  interface Window {
    plausible?: ((name: string, options?: { props?: Record<string, string> }) => void) & {
      q?: unknown[];
    };
    umami?: { track(name: string, data?: Record<string, string | boolean>): unknown };
    _paq?: Queue;
    dataLayer?: Queue;
    gtag?: (...args: unknown[]) => void;
  }
}

function readSettings(): AnalyticsSettings | undefined {
  const text = document.getElementById('op-analytics')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as AnalyticsSettings;
  } catch {
    return undefined;
  }
}

function setUp(settings: AnalyticsSettings): void {
  if (settings.plausible && !window.plausible) {
    // Calls before the script runs wait in `q`, which it replays (Plausible's queue stub).
    const queue: unknown[] = [];
    const queued = Object.assign(
      function plausible() {
        // biome-ignore lint/complexity/noArguments: the script replays each call's arguments
        queue.push(arguments);
      },
      { q: queue },
    );
    window.plausible = queued;
  }
  const { matomo, googleAnalytics } = settings;
  if (matomo) {
    window._paq ??= [] as unknown as Queue;
    const paq = window._paq;
    paq.push(['trackPageView']);
    paq.push(['enableLinkTracking']);
    paq.push(['setTrackerUrl', `${matomo.trackerUrl}matomo.php`]);
    paq.push(['setSiteId', matomo.siteId]);
    const script = document.createElement('script');
    script.async = true;
    script.src = matomo.scriptUrl;
    document.head.append(script);
  }
  if (googleAnalytics) {
    window.dataLayer ??= [] as unknown as Queue;
    const layer = window.dataLayer;
    // gtag.js reads each call as the `arguments` object it was pushed as, not as an array.
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js needs the arguments object itself
      layer.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', googleAnalytics.measurementId);
  }
}

/** Each provider's name and fields for an event, as its custom-event API takes them. */
function forward(settings: AnalyticsSettings, event: SiteEvent): void {
  const search = event.name === 'search-no-results' ? event.props : undefined;
  const feedback = event.name === 'feedback' ? event.props : undefined;
  const answer = feedback ? (feedback.helpful ? 'yes' : 'no') : '';
  if (settings.plausible) {
    if (search) window.plausible?.('Search without results', { props: { query: search.query } });
    if (feedback)
      window.plausible?.('Feedback', { props: { page: feedback.page, helpful: answer } });
  }
  if (settings.umami) {
    if (search) window.umami?.track('search-no-results', { query: search.query });
    if (feedback) window.umami?.track('feedback', { page: feedback.page, helpful: answer });
  }
  if (settings.matomo) {
    if (search) window._paq?.push(['trackEvent', 'Search', 'No results', search.query]);
    if (feedback)
      window._paq?.push([
        'trackEvent',
        'Feedback',
        feedback.helpful ? 'Helpful' : 'Not helpful',
        feedback.page,
      ]);
  }
  if (settings.googleAnalytics) {
    if (search) window.gtag?.('event', 'search_no_results', { search_term: search.query });
    if (feedback) window.gtag?.('event', 'feedback', { page_path: feedback.page, helpful: answer });
  }
}

const settings = readSettings();
if (settings) {
  setUp(settings);
  document.addEventListener(SITE_EVENT, (event) => {
    const detail = (event as CustomEvent<SiteEvent>).detail;
    if (detail) forward(settings, detail);
  });
}
