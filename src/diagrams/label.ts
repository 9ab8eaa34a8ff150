/**
 * The accessible name of a drawn diagram: its `accTitle`, else the title its source gives
 * (`title …` in gantt, pie, timeline, front matter), else a summary of its kind and first labels.
 */

const KIND_NAMES: Record<string, string> = {
  flowchart: 'Flowchart',
  'flowchart-v2': 'Flowchart',
  sequence: 'Sequence diagram',
  class: 'Class diagram',
  classDiagram: 'Class diagram',
  stateDiagram: 'State diagram',
  state: 'State diagram',
  er: 'Entity relationship diagram',
  gantt: 'Gantt chart',
  pie: 'Pie chart',
  mindmap: 'Mind map',
  timeline: 'Timeline',
  journey: 'User journey',
  gitGraph: 'Git graph',
  quadrantChart: 'Quadrant chart',
  xychart: 'Chart',
};

/** Labels named in a summary; the rest are counted. */
const SUMMARY_LABELS = 6;

export function kindName(kind: string): string {
  return KIND_NAMES[kind] ?? 'Diagram';
}

/** `title X` on a line of its own (or `pie title X`, or `title: X` in front matter). */
const TITLE_LINE = /^\s*(?:pie\s+(?:showData\s+)?)?title\s*:?\s+(\S[^\n]*)$/m;

export function diagramLabel(drawing: {
  kind: string;
  labels: readonly string[];
  accTitle?: string;
  source: string;
}): string {
  if (drawing.accTitle) return drawing.accTitle;
  const kind = kindName(drawing.kind);
  const title = TITLE_LINE.exec(drawing.source)?.[1]
    ?.trim()
    .replace(/^["']|["']$/g, '');
  if (title) return `${kind}: ${title}`;
  // Words, not the axis ticks and multiplicities ("1", "1..*", "91%") every diagram has.
  const words = drawing.labels.filter((label) => /\p{L}{2}/u.test(label));
  const named = words.slice(0, SUMMARY_LABELS);
  if (named.length === 0) return kind;
  const more = words.length - named.length;
  return `${kind}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
