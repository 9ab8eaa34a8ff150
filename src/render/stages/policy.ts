import type { AnalyticsSetup } from '../../analytics/index.ts';
import { contentSecurityPolicy } from '../../hosting/csp.ts';
import type { SiteView } from '../../view/view.ts';

/**
 * The site's Content-Security-Policy (src/hosting/csp.ts) from what this render put in its
 * pages: the head's inline script (allowed by its hash), the analytics providers, the feedback
 * endpoint, and whether any operation offers a "Test it" console. `csp: false` (`--no-csp`)
 * writes none.
 */
export function sitePolicy(input: {
  csp?: boolean;
  site: SiteView;
  analytics: AnalyticsSetup | undefined;
  /** OpenAPI specs the site loaded, and whether operations offer "Test it". */
  specs: number;
  tryIt: boolean;
}): string | undefined {
  if (input.csp === false) return undefined;
  return contentSecurityPolicy({
    inlineScripts: [input.site.chrome.headScript],
    ...(input.analytics ? { analytics: input.analytics.sources } : {}),
    ...(input.site.chrome.feedback?.endpoint
      ? { feedbackUrl: input.site.chrome.feedback.endpoint }
      : {}),
    apiConsole: input.tryIt && input.specs > 0,
  });
}
