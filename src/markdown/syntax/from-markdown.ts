/**
 * The mdast utility for the `{% %}` syntax (`tokenize.ts`): each tag becomes an `opTag` node,
 * with its lower-cased name, its arguments as written and as read (`attributes`, `positional`),
 * and its position; each run of text between the tags of a line becomes a paragraph. Tags stay
 * siblings here: `pair.ts` matches them into blocks.
 */
import type { Node } from 'mdast';
import type {
  CompileContext,
  Extension as FromMarkdownExtension,
  Token,
} from 'mdast-util-from-markdown';
import { parseTagArgs } from '../tags.ts';
import './tokenize.ts';

export interface OpTag extends Node {
  type: 'opTag';
  /** Lower-cased name (`hint`, `endhint`, `content-ref`…). */
  name: string;
  /** Everything after the name, trimmed (the expression of `{% if … %}`). */
  args: string;
  /** `key="value"` pairs of the arguments (keys as written); bare words are `true`. */
  attributes: Record<string, string | true>;
  /** Quoted strings of the arguments that are no values of a key (`{% include "x.md" %}`). */
  positional: string[];
  /** The tag exactly as written. */
  raw: string;
}

declare module 'mdast' {
  interface RootContentMap {
    opTag: OpTag;
  }
  interface BlockContentMap {
    opTag: OpTag;
  }
}

function current(context: CompileContext): OpTag {
  return context.stack[context.stack.length - 1] as unknown as OpTag;
}

function enterTag(this: CompileContext, token: Token): undefined {
  const node: OpTag = {
    type: 'opTag',
    name: '',
    args: '',
    attributes: {},
    positional: [],
    raw: '',
  };
  this.enter(node as never, token);
}

function exitName(this: CompileContext, token: Token): undefined {
  current(this).name = this.sliceSerialize(token).toLowerCase();
}

function exitArguments(this: CompileContext, token: Token): undefined {
  const node = current(this);
  node.args = this.sliceSerialize(token).trim();
  const { attrs, positional } = parseTagArgs(node.args);
  node.attributes = attrs;
  node.positional = positional;
}

function exitTag(this: CompileContext, token: Token): undefined {
  current(this).raw = this.sliceSerialize(token);
  this.exit(token);
}

function enterText(this: CompileContext, token: Token): undefined {
  this.enter({ type: 'paragraph', children: [] }, token);
}

function exitText(this: CompileContext, token: Token): undefined {
  this.exit(token);
}

/** The extension: pass it in `fromMarkdownExtensions` (the remark plugin, `index.ts`, does). */
export function opTagFromMarkdown(): FromMarkdownExtension {
  return {
    enter: { opTag: enterTag, opTagText: enterText },
    exit: {
      opTag: exitTag,
      opTagName: exitName,
      opTagArguments: exitArguments,
      opTagText: exitText,
    },
  };
}
