import { z } from 'zod';

/**
 * The config file's `analytics` key: which providers count the site's readers, each as its own
 * install docs name it. Off unless a provider is named; several may be named at once (a team
 * moving from one to another). Config only: an object has no command-line form.
 *
 *     "analytics": { "plausible": { "domain": "docs.acme.example" } }
 */

/** An absolute https URL (http only for a host on this machine, as a self-hosted test does). */
function providerUrl() {
  return z.string().transform((value, context) => {
    const url = safeUrl(value);
    if (url) return url;
    context.issues.push({
      code: 'custom',
      message: `expected an https URL, got ${JSON.stringify(value)}`,
      input: value,
    });
    return z.NEVER;
  });
}

/** Ids and domains go into attributes and URLs: letters, digits and `.-_:` only. */
function token(what: string) {
  return z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, {
    error: (issue) => `expected ${what}, got ${JSON.stringify(issue.input)}`,
  });
}

export const AnalyticsConfig = z.strictObject({
  /** plausible.io or a self-hosted Plausible (`host`). */
  plausible: z
    .strictObject({
      /** The site's domain as added in Plausible. */
      domain: token('a domain such as docs.example.com'),
      /** A self-hosted Plausible's origin. @default "https://plausible.io" */
      host: providerUrl().optional(),
    })
    .optional(),
  /** Umami Cloud or a self-hosted Umami. */
  umami: z
    .strictObject({
      /** The website's id (a UUID) from Umami's settings. */
      websiteId: token("the website's id from Umami"),
      /** The tracker script. @default "https://cloud.umami.is/script.js" */
      scriptUrl: providerUrl().optional(),
      /** Where the tracker sends to, when not where the script is (`data-host-url`). */
      hostUrl: providerUrl().optional(),
    })
    .optional(),
  /** Matomo (On-Premise or Cloud). */
  matomo: z
    .strictObject({
      /** The Matomo's URL: `matomo.php` and `matomo.js` are under it. */
      trackerUrl: providerUrl(),
      /** The site's id in Matomo. */
      siteId: token("the site's id in Matomo"),
      /** The tracker script, when not `<trackerUrl>matomo.js` (Matomo Cloud's CDN). */
      scriptUrl: providerUrl().optional(),
    })
    .optional(),
  /** Google Analytics 4, through gtag.js. */
  googleAnalytics: z
    .strictObject({
      /** The web stream's measurement id, `G-…`. */
      measurementId: z.string().regex(/^G-[A-Z0-9]{4,20}$/, {
        error: (issue) =>
          `expected a measurement id such as G-ABC123XYZ, got ${JSON.stringify(issue.input)}`,
      }),
    })
    .optional(),
  /** A script of the team's own: it hears the site's events as `offprint:event` on `document`. */
  script: z
    .strictObject({
      /** The script, loaded with `defer`. */
      src: providerUrl(),
      /** Origins it sends to (`connect-src`, `img-src`). */
      connect: z.array(providerUrl()).max(20).optional(),
    })
    .optional(),
});

export type AnalyticsConfig = z.output<typeof AnalyticsConfig>;

/** `value` as an https URL (http for localhost), normalised; undefined otherwise. */
export function safeUrl(value: string): string | undefined {
  const url = URL.parse(value);
  if (!url) return undefined;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return undefined;
  if (url.username || url.password) return undefined;
  return url.href;
}
