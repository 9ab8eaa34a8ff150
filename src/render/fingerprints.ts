import { createHash } from 'node:crypto';
import { LastBuild } from '../records/last-build.ts';
import type { SiteModel } from '../site/index.ts';
import type { ThemeStylesheet } from '../theme/index.ts';
import type { BuildDataWriter } from './build-data.ts';

/**
 * What an output is made of, as the build record compares it (reuse-policy.ts): the shell is
 * what every page shares, so with an equal shell a page whose view is unchanged is unchanged;
 * the fingerprint is the whole output. Both begin with Offprint's source version.
 */

/** What the output's files other than the pages are made of, in both fingerprints. */
export function sharedParts(model: SiteModel, theme: ThemeStylesheet, localDigest: string) {
  // How assets are written (SVGs sanitized, say) is Offprint's source: the source version covers it.
  return [digestOf(model.assets), digestOf(theme.fontFiles), localDigest];
}

export function shellFingerprint(
  data: BuildDataWriter,
  model: SiteModel,
  shared: readonly string[],
): string {
  return LastBuild.fingerprint([data.siteDigest(), model.base, ...shared]);
}

/** Once every page is written: the output as a whole, with what its PDFs add (stages/pdf.ts). */
export function outputFingerprint(
  data: BuildDataWriter,
  shared: readonly string[],
  pdfParts: readonly string[],
): string {
  return LastBuild.fingerprint([data.digest(), ...shared, ...pdfParts]);
}

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
