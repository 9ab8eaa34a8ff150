import type { AssetModel, SiteModel } from '../site/index.ts';

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

/** The site's URL of a file a download URL names (absolute with a known origin), if it serves it. */
export function siteFileUrl(
  model: Pick<SiteModel, 'assetByDownloadUrl'>,
  origin: string | undefined,
): (url: string) => string | undefined {
  return (url) => {
    let asset: AssetModel | undefined;
    for (const spelling of downloadUrlSpellings(url)) {
      asset = model.assetByDownloadUrl(spelling);
      if (asset) break;
    }
    return asset && `${origin ?? ''}${asset.url}`;
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
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
