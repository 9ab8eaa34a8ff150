/**
 * Adaptive content in the browser (themes/default/components/Adaptive.astro): the visitor's
 * claims (the `offprint_visitor` cookie, `?visitor.<name>=…` kept in `sessionStorage`) decide
 * which conditioned sections, site spaces and `{% if %}` branches show. Conditions arrive as
 * the build's allow-listed JSON (src/adaptive) and are only ever interpreted, never run.
 *
 * Everything conditioned is hidden in the HTML until this script shows it, so a visitor
 * without script, or a condition that fails, sees nothing conditioned.
 */

import {
  cookieClaims,
  mergeQueryClaims,
  queryClaims,
  SESSION_KEY,
  visitorClaims,
} from '../../../src/adaptive/claims.ts';
import { type Claims, decide, isShown } from '../../../src/adaptive/evaluate.ts';
import type { AdaptiveData } from '../../../src/adaptive/index.ts';

/** Set on `<html>` for the search dialog: `{ section: id[], space: id[] }` hidden from this visitor. */
export const HIDDEN_SCOPE_ATTRIBUTE = 'data-op-hidden-scope';

export function setUpAdaptive(): void {
  const blob = document.getElementById('op-adaptive');
  let data: AdaptiveData;
  try {
    data = JSON.parse(blob?.textContent ?? '');
  } catch {
    return;
  }
  const claims = readClaims(data);
  const hidden = (conditions: Record<string, unknown>) =>
    new Set(Object.keys(conditions).filter((id) => !isShown(conditions[id], claims)));
  const sections = hidden(data.sections ?? {});
  const spaces = hidden(data.siteSpaces ?? {});
  document.documentElement.setAttribute(
    HIDDEN_SCOPE_ATTRIBUTE,
    JSON.stringify({ section: [...sections], space: [...spaces] }),
  );

  // Tabs (section), variants (site space), sidebar links (either or both).
  for (const item of document.querySelectorAll<HTMLElement>('[data-op-section], [data-op-space]')) {
    item.hidden =
      sections.has(item.dataset.opSection ?? '') || spaces.has(item.dataset.opSpace ?? '');
  }
  for (const group of document.querySelectorAll<HTMLElement>('[data-op-tab-group]')) {
    group.hidden = [...group.querySelectorAll<HTMLElement>('[data-op-section]')].every(
      (item) => item.hidden,
    );
  }
  const scope = document.querySelector<HTMLElement>('[data-op-search-scope]');
  const pageHidden =
    sections.has(scope?.dataset.section ?? '') || spaces.has(scope?.dataset.space ?? '');
  if (pageHidden) showUnavailable();
  for (const region of document.querySelectorAll<HTMLElement>('[data-op-condition]')) {
    showBranch(region, claims);
  }
}

function readClaims(data: AdaptiveData): Claims {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null');
  } catch {
    stored = undefined;
  }
  const query = mergeQueryClaims(stored, queryClaims(window.location.search));
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(query));
  } catch {
    // Storage refused (private mode, quota): the claims still apply to this page.
  }
  return visitorClaims(cookieClaims(document.cookie), query, data.schema);
}

/** The page's section or site space is hidden: its content gives way to the notice. */
function showUnavailable(): void {
  const notice = document.querySelector<HTMLElement>('[data-op-unavailable]');
  if (notice) notice.hidden = false;
  const parts = document.querySelectorAll<HTMLElement>(
    '.op-article, .op-updated, .op-pagination, .op-outline, .op-breadcrumbs, .op-sidebar .op-nav',
  );
  for (const part of parts) part.hidden = true;
}

/**
 * The first `if`/`elif` branch whose condition holds, else the `else` branch. A branch refused
 * at build, or a condition that cannot be evaluated, hides the whole region.
 */
function showBranch(region: HTMLElement, claims: Claims): void {
  const branches = [...region.children].filter(
    (child): child is HTMLElement =>
      child instanceof HTMLElement && child.classList.contains('op-condition__branch'),
  );
  let chosen: HTMLElement | undefined;
  const refused = branches.some((branch) => branch.hasAttribute('data-op-refused'));
  for (const branch of refused ? [] : branches) {
    if (branch.hasAttribute('data-op-else')) {
      chosen = branch;
      break;
    }
    let condition: unknown;
    try {
      condition = JSON.parse(branch.dataset.opAst ?? '');
    } catch {
      chosen = undefined;
      break;
    }
    const truth = decide(condition, claims);
    if (truth === undefined) break;
    if (truth) {
      chosen = branch;
      break;
    }
  }
  for (const branch of branches) branch.hidden = branch !== chosen;
}
