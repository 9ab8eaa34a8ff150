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

/** Every id not already containing `token` renamed `token-id`, with the references to it. */
export function scopeIds(svg: string, token: string): string {
  const ids = new Set<string>();
  for (const match of svg.matchAll(/\sid="([^"]+)"/g)) {
    const id = match[1] as string;
    if (!id.includes(token)) ids.add(id);
  }
  let scoped = svg;
  for (const id of ids) {
    const name = escapeRegExp(id);
    const renamed = `${token}-${id}`;
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
