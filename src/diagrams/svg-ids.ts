/**
 * Ids inside a drawn SVG. Mermaid draws every diagram under one id (`DRAWING_ID`) and names
 * most inner ids after it, but not all (a sequence diagram's actors are `actor0`, `actor1`):
 * `scopeIds` moves every id under the drawing's id once, when a drawing is stored, so that
 * `placeIds` can give each drawing on a page ids of its own with one replacement. Two diagrams,
 * or one diagram's light and dark drawings, then never share an id (or its `<style>`, whose
 * selectors start with the root's id).
 */

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every id not already containing `token` renamed under it, with the references to it. The
 * numbers in such ids come from counters mermaid never resets (a sequence diagram's `actor6` is
 * its seventh actor drawn since Chromium started), so they are numbered again in the order the
 * ids appear: the same diagram is then the same drawing whatever was drawn before it.
 */
export function scopeIds(svg: string, token: string): string {
  const renames = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const match of svg.matchAll(/\sid="([^"]+)"/g)) {
    const id = match[1] as string;
    if (id.includes(token) || renames.has(id)) continue;
    const stem = id.replace(/\d+/g, '');
    const count = counts.get(stem) ?? 0;
    counts.set(stem, count + 1);
    renames.set(id, `${token}-${stem}${count}`);
  }
  let scoped = svg;
  for (const [id, renamed] of renames) {
    const name = escapeRegExp(id);
    scoped = scoped
      .replace(new RegExp(`(\\sid=")${name}"`, 'g'), `$1${renamed}"`)
      .replace(new RegExp(`(["(]#)${name}([")])`, 'g'), `$1${renamed}$2`);
  }
  return scoped;
}

/** The stored drawing with `token` (in every id and selector) replaced by this drawing's id. */
export function placeIds(svg: string, token: string, id: string): string {
  return svg.replaceAll(token, id);
}
