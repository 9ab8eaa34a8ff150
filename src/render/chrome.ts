import { createHash } from 'node:crypto';
import type { AnalyticsView, IssueTarget } from '../analytics/index.ts';
import type { ContentRef } from '../api/schemas/common.ts';
import type { SiteCustomization } from '../api/schemas/customizations.ts';
import { emojiOf } from '../markdown/emoji.ts';
import type { SiteModel } from '../site/index.ts';
import type { ChromeView, HeaderLinkView, ImagePair, LinkView } from '../view/view.ts';

/**
 * The site's chrome from `customizations.site`: header logo and links, footer, announcement,
 * theme toggle, favicon. Every value is untrusted: link targets go through
 * `model.resolveContentRef` (safe schemes only), images through `model.resolveImageUrl` (a file
 * of the snapshot or an `https:` URL); text stays text (the theme never sets it as HTML).
 */
export function chromeView(
  model: Pick<SiteModel, 'title' | 'resolveContentRef' | 'resolveImageUrl'>,
  site: SiteCustomization | undefined,
  warn: (message: string) => void = () => {},
  options: ChromeOptions = {},
): ChromeView {
  const image = (pair: unknown, where: string): ImagePair | undefined => {
    if (!pair || typeof pair !== 'object') return undefined;
    const { light, dark } = pair as { light?: unknown; dark?: unknown };
    const lightUrl = light === undefined ? undefined : model.resolveImageUrl(light);
    const darkUrl = dark === undefined ? undefined : model.resolveImageUrl(dark);
    if (light !== undefined && !lightUrl)
      warn(`${where}.light: not a file of the site or an https URL; left out`);
    if (dark !== undefined && !darkUrl)
      warn(`${where}.dark: not a file of the site or an https URL; left out`);
    const first = lightUrl ?? darkUrl;
    if (!first) return undefined;
    return darkUrl && darkUrl !== first ? { light: first, dark: darkUrl } : { light: first };
  };
  const link = (
    title: string,
    to: ContentRef | null | undefined,
    where: string,
  ): LinkView | undefined => {
    const target = model.resolveContentRef(to);
    if (!target) {
      warn(`${where} "${title}": its target cannot be resolved; left out`);
      return undefined;
    }
    return { title, url: target.url, external: target.external };
  };

  const headerLinks: HeaderLinkView[] = [];
  for (const [i, item] of (site?.header?.links ?? []).entries()) {
    const where = `header.links[${i}]`;
    const style: HeaderLinkView['style'] =
      item.style === 'button-primary'
        ? 'button-primary'
        : item.style === 'button-secondary'
          ? 'button-secondary'
          : 'link';
    const links = (item.links ?? []).flatMap(
      (sub, j) => link(sub.title, sub.to, `${where}.links[${j}]`) ?? [],
    );
    if (links.length > 0) {
      const own = item.to ? link(item.title, item.to, where) : undefined;
      headerLinks.push({
        title: item.title,
        ...(own ? { url: own.url } : {}),
        external: own?.external ?? false,
        style,
        links,
      });
      continue;
    }
    const own = link(item.title, item.to, where);
    if (own) headerLinks.push({ ...own, style });
  }

  const footerPart = site?.footer;
  const groups = (footerPart?.groups ?? [])
    .map((group, i) => ({
      title: group.title,
      links: group.links.flatMap(
        (sub, j) => link(sub.title, sub.to, `footer.groups[${i}].links[${j}]`) ?? [],
      ),
    }))
    .filter((group) => group.links.length > 0);
  const footerLogo = image(footerPart?.logo, 'footer.logo');
  const copyright = footerPart?.copyright?.trim() || undefined;
  const footer =
    footerLogo || groups.length > 0 || copyright
      ? {
          ...(footerLogo ? { logo: footerLogo } : {}),
          groups,
          ...(copyright ? { copyright } : {}),
        }
      : undefined;

  const announcement = announcementView(site?.announcement, link);
  const themeToggle = site?.themes?.toggeable !== false;
  const favicon =
    image(site?.favicon?.icon, 'favicon.icon') ??
    emojiIcon(site?.favicon?.emoji, warn) ??
    letterIcon(model.title, site?.styling?.primaryColor?.light);
  const logo = image(site?.header?.logo, 'header.logo');

  const features = featureChoices(site, options);

  return {
    ...(logo ? { logo } : {}),
    headerLinks,
    ...(footer ? { footer } : {}),
    ...(announcement ? { announcement } : {}),
    themeToggle,
    favicon,
    headScript: headScript({ themeToggle, dismissKey: announcement?.dismissKey }),
    ...features,
    ...(options.analytics ? { analytics: options.analytics } : {}),
  };
}

export interface ChromeOptions {
  /** Where the "was this helpful?" control posts (`--feedback-url`); an http(s) URL. */
  feedbackUrl?: string;
  /** The repository whose new-issue page an answer opens, prefilled (`--feedback-issues`). */
  feedbackIssues?: IssueTarget;
  /** The analytics providers' tags (`analytics`, src/analytics): answers are events there too. */
  analytics?: AnalyticsView;
  /** A build note: said once per build (not a warning: nothing is wrong with the site). */
  note?: (message: string) => void;
  /** The PDFs this build prints (`--pdf`), by site space: their URL paths. */
  pdfDownloads?: Readonly<Record<string, string>>;
}

/**
 * `pdf`, `feedback`, `aiSearch` and `ai.pageLinkSummaries`. The last two need the platform's
 * servers, and feedback needs somewhere to collect answers (an endpoint, a repository's issues,
 * an analytics provider): a static site shows no control it cannot back, and the build says so once.
 */
function featureChoices(
  site: SiteCustomization | undefined,
  options: ChromeOptions,
): Pick<ChromeView, 'print' | 'feedbackUrl' | 'feedback' | 'pdfDownloads' | 'editLinks'> {
  const note = options.note ?? (() => {});
  const feedback = site?.feedback?.enabled === true;
  const sinks = {
    ...(options.feedbackUrl ? { endpoint: options.feedbackUrl } : {}),
    ...(options.feedbackIssues ? { issues: options.feedbackIssues } : {}),
    ...(options.analytics ? { analytics: true as const } : {}),
  };
  const collected = Object.keys(sinks).length > 0;
  if (feedback && !collected)
    note(
      'feedback.enabled: no feedback endpoint configured (--feedback-url URL, --feedback-issues REPOSITORY or an analytics provider), so pages show no "was this helpful?" control',
    );
  if (site?.aiSearch?.enabled === true)
    note('aiSearch.enabled: AI search needs the platform; the static site offers its own search');
  if (site?.ai?.pageLinkSummaries?.enabled === true)
    note('ai.pageLinkSummaries.enabled: link summaries need the platform; links show without them');
  const print = site?.pdf?.enabled === true;
  // Offered only when this build prints the PDFs: a link never points at a missing file.
  const downloads = print && Object.keys(options.pdfDownloads ?? {}).length > 0;
  return {
    print,
    ...(downloads ? { pdfDownloads: { ...options.pdfDownloads } } : {}),
    ...(feedback && options.feedbackUrl ? { feedbackUrl: options.feedbackUrl } : {}),
    ...(feedback && collected ? { feedback: sinks } : {}),
    ...(site?.git?.showEditLink === true ? { editLinks: true as const } : {}),
  };
}

const ANNOUNCEMENT_STYLES = ['info', 'warning', 'danger', 'success'] as const;

function announcementView(
  input: SiteCustomization['announcement'],
  link: (title: string, to: ContentRef | null | undefined, where: string) => LinkView | undefined,
): ChromeView['announcement'] {
  const message = input?.message?.trim();
  if (!input || input.enabled === false || !message) return undefined;
  const style = ANNOUNCEMENT_STYLES.find((s) => s === input.style) ?? 'info';
  const target = input.link?.to
    ? link(input.link.title?.trim() || message, input.link.to, 'announcement.link')
    : undefined;
  return {
    message,
    ...(target ? { link: target } : {}),
    style,
    ...(style === 'danger' ? {} : { dismissKey: announcementKey(message) }),
  };
}

/** The `localStorage` key remembering that this message was dismissed: a new message shows again. */
export function announcementKey(message: string): string {
  return `op-announcement-${createHash('sha256').update(message).digest('hex').slice(0, 16)}`;
}

/** `localStorage` key of the reader's theme choice: `light`, `dark` or `system`. */
export const THEME_STORAGE_KEY = 'op-theme';

/**
 * The inline script `<head>` runs before any stylesheet: the stored theme choice as
 * `data-theme` on `<html>` (`system` removes it, so the media query decides), and the class
 * that hides a dismissed announcement. Empty when there is nothing to apply.
 */
export function headScript(options: { themeToggle: boolean; dismissKey?: string }): string {
  const parts: string[] = [];
  if (options.themeToggle) {
    parts.push(
      `let t=s.getItem(${JSON.stringify(THEME_STORAGE_KEY)});t==="system"?d.removeAttribute("data-theme"):/^(light|dark)$/.test(t)&&d.setAttribute("data-theme",t);`,
    );
  }
  if (options.dismissKey && /^[\w-]+$/.test(options.dismissKey)) {
    parts.push(
      `if(s.getItem(${JSON.stringify(options.dismissKey)}))d.classList.add("op-announcement-dismissed");`,
    );
  }
  if (parts.length === 0) return '';
  // A block, not a function: its `let`s stay out of the page's globals, in fewer bytes.
  return `try{let d=document.documentElement,s=localStorage;${parts.join('')}}catch(e){}`;
}

/**
 * `favicon.emoji` as an SVG icon. The platform stores emoji as code points in hex (`1f680`,
 * `1f469-200d-1f680`); a literal emoji is taken as it is. Anything else — markup, words —
 * is left out with a warning.
 */
export function emojiIcon(
  value: unknown,
  warn: (message: string) => void = () => {},
): ImagePair | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const emoji = typeof value === 'string' ? emojiOf(value) : undefined;
  if (!emoji) {
    warn('favicon.emoji: not an emoji; left out');
    return undefined;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<text x="32" y="54" font-size="52" text-anchor="middle">${emoji}</text></svg>`;
  return { light: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}

/** A rounded square in the primary color with the title's first letter: the default favicon. */
export function letterIcon(title: string, color: string | undefined): ImagePair {
  const fill = color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : '#346DDB';
  const letter = (Array.from(title.trim())[0] ?? '').toUpperCase();
  const escaped = letter.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${fill}"/>` +
    `<text x="32" y="45" font-family="system-ui,sans-serif" font-size="38" font-weight="700" text-anchor="middle" fill="#fff">${escaped}</text></svg>`;
  return { light: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}
