import type { SiteModel } from '../site/index.ts';

/**
 * A download URL as markdown writes it and as the platform's File lists it need not be spelled
 * alike: `image (1).png` may be `image%20(1).png`, `image%20%281%29.png` or, inside `<…>`, raw.
 * The site model matches a URL exactly or by its path as the URL parser spells it; these are
 * the other spellings of the same path, each segment decoded and encoded again.
 */
export function downloadUrlSpellings(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const segments = parsed.pathname.split('/').map(decodeSegment);
  const spellings = [url];
  for (const encode of [encodeURIComponent, encodeStrictly]) {
    parsed.pathname = segments.map(encode).join('/');
    if (!spellings.includes(parsed.href)) spellings.push(parsed.href);
  }
  return spellings;
}

/**
 * The site's URL of a file a download URL names (absolute with a known origin). A URL on the
 * platform's file host that names no file the site serves (one the pull left out, too large)
 * becomes empty: a copy must not send a reader to the platform with its signed URL.
 */
export function siteFileUrl(
  model: Pick<SiteModel, 'assetByDownloadUrl' | 'assets' | 'downloadUrlsOf'>,
  origin: string | undefined,
): (url: string) => string | undefined {
  const platform = downloadOrigins(model);
  return (url) => {
    for (const spelling of downloadUrlSpellings(url)) {
      const asset = model.assetByDownloadUrl(spelling);
      if (asset) return `${origin ?? ''}${asset.url}`;
    }
    return platform.has(originOf(url) ?? '') ? '' : undefined;
  };
}

/**
 * Whether a text may name a file on the platform's file host: it mentions one of the hosts its
 * files are served from (in any case, as URL hosts are). A page that does not is left unparsed,
 * which is most pages: parsing every page with a link in it took most of the hosting phase.
 */
export function mentionsDownloadHost(
  model: Pick<SiteModel, 'assets' | 'downloadUrlsOf'>,
): (text: string) => boolean {
  // `URL` spells hosts in lower case.
  const hosts = [...downloadOrigins(model)].map((origin) => new URL(origin).host);
  if (hosts.length === 0) return () => false;
  return (text) => {
    const lower = text.toLowerCase();
    return hosts.some((host) => lower.includes(host));
  };
}

/** The origins the platform serves the site's files from. */
function downloadOrigins(model: Pick<SiteModel, 'assets' | 'downloadUrlsOf'>): Set<string> {
  const origins = new Set<string>();
  for (const spaceId of new Set(model.assets.map((asset) => asset.spaceId))) {
    for (const { downloadURL } of model.downloadUrlsOf(spaceId)) {
      const found = originOf(downloadURL);
      if (found) origins.add(found);
    }
  }
  return origins;
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A `%` that starts no escape is the name's own (`100% done.png` written raw). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return segment;
  }
}

/** `encodeURIComponent` and the sub-delimiters it leaves: `(1)` → `%281%29`. */
function encodeStrictly(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
