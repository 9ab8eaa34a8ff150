import { createHash } from 'node:crypto';
import { adaptiveData } from '../../adaptive/index.ts';
import type { AnalyticsView, IssueTarget } from '../../analytics/index.ts';
import type { SiteCustomization } from '../../api/schemas/customizations.ts';
import type { ImageStage } from '../../images/index.ts';
import type { SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import { type ThemeStylesheet, themeCssPath, themeStylesheet } from '../../theme/index.ts';
import { stringsFor } from '../../view/i18n/index.ts';
import { conditionedItems } from '../../view/page-parts.ts';
import type { SiteView } from '../../view/view.ts';
import { chromeView } from '../chrome.ts';
import { type FaviconFile, faviconFile } from '../favicon.ts';
import { sizedPair, smallIcons } from './images.ts';

/**
 * Stage 1 of a render (after the site model): what every page shares. The theme stylesheet
 * from the customization, the header, footer and announcement, the UI strings, the adaptive
 * conditions: the site view Astro's pages all receive.
 */
export interface PreparedSite {
  view: SiteView;
  theme: ThemeStylesheet;
  /** The theme stylesheet's content-hashed path under the output. */
  themeCss: string;
  /** The favicon file to write, when the site's icon is a drawing of ours. */
  faviconFile?: FaviconFile;
  /** What the customization asked for and cannot be shown as asked, by where it came from. */
  warnings: { page: string; message: string }[];
  /** What the build chose not to do and why. */
  notes: string[];
}

export async function prepareSite(
  snapshot: Snapshot,
  model: SiteModel,
  customizations: SiteCustomization | undefined,
  options: {
    origin?: string;
    feedbackUrl?: string;
    feedbackIssues?: IssueTarget;
    analytics?: AnalyticsView;
    pdfDownloads?: Record<string, string>;
    /** The image stage's copies of the logos. */
    images?: Pick<ImageStage, 'icons' | 'logos'>;
  },
): Promise<PreparedSite> {
  const warnings: PreparedSite['warnings'] = [];
  const notes: string[] = [];
  const warn = (page: string) => (message: string) => warnings.push({ page, message });
  const theme = themeStylesheet(customizations);
  for (const message of theme.warnings) warn('customizations')(message);
  notes.push(...theme.notes);
  const themeCss = themeCssPath(createHash('sha256').update(theme.css).digest('hex').slice(0, 12));
  const { favicon, ...shown } = chromeView(model, customizations, warn('customizations'), {
    feedbackUrl: options.feedbackUrl,
    ...(options.feedbackIssues ? { feedbackIssues: options.feedbackIssues } : {}),
    ...(options.analytics ? { analytics: options.analytics } : {}),
    note: (message) => notes.push(message),
    ...(options.pdfDownloads ? { pdfDownloads: options.pdfDownloads } : {}),
  });
  const icon = faviconFile(
    options.images ? smallIcons(favicon, options.images) : favicon,
    model.base,
  );
  const images = options.images;
  const chrome = images ? withSizedLogos(shown, images) : shown;
  const shared = siteView(model, theme, themeCss, customizations, warn('customizations'));
  const adaptive = adaptiveData(
    model,
    (await snapshot.adaptiveSchema())?.jsonSchema,
    warn('structure'),
  );
  const view: SiteView = {
    ...shared,
    ...(options.origin ? { siteUrl: options.origin } : {}),
    chrome: { ...chrome, favicon: icon.favicon },
    adaptive,
    ...(adaptive ? { conditioned: conditionedItems(adaptive) } : {}),
  };
  return { view, theme, themeCss, faviconFile: icon.file, warnings, notes };
}

function siteView(
  model: SiteModel,
  theme: ThemeStylesheet,
  themeCss: string,
  customizations: SiteCustomization | undefined,
  warn: (message: string) => void,
): Omit<SiteView, 'chrome'> {
  const locale = stringsFor(customizations?.internationalization?.locale);
  if (locale.warning) warn(locale.warning);
  const search = customizations?.styling?.search;
  if (search !== undefined && search !== 'prominent' && search !== 'subtle')
    warn(`styling.search "${search}" is not supported; using "prominent"`);
  return {
    title: model.title,
    lang: locale.lang,
    dir: locale.dir,
    base: model.base,
    tabs: model.tabs,
    noindex: model.noIndex,
    strings: locale.strings,
    searchAppearance: search === 'subtle' ? 'subtle' : 'prominent',
    themeCssUrl: `${model.base}${themeCss}`,
    htmlClass: theme.htmlClass,
    defaultTheme: theme.defaultTheme,
    ...siteChangeRequest(model),
  };
}

/** The change request a preview build shows in place of its space (one per build). */
function siteChangeRequest(model: SiteModel): Pick<SiteView, 'changeRequest'> {
  const changeRequest = model.siteSpaces.find((s) => s.changeRequest)?.changeRequest;
  return changeRequest
    ? { changeRequest: { number: changeRequest.number, subject: changeRequest.subject } }
    : {};
}

/** The header's and the footer's logos with their copies the size they are shown at. */
function withSizedLogos<T extends Pick<SiteView['chrome'], 'logo' | 'footer'>>(
  chrome: T,
  images: Pick<ImageStage, 'icons' | 'logos'>,
): T {
  const { logo, footer } = chrome;
  return {
    ...chrome,
    ...(logo ? { logo: sizedPair(logo, images) } : {}),
    ...(footer?.logo ? { footer: { ...footer, logo: sizedPair(footer.logo, images) } } : {}),
  };
}
