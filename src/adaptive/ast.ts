/**
 * The allow-listed form of a condition, as JSON: what the build writes into the page and the
 * browser evaluates. Nothing in it names a function, a property of anything but the visitor's
 * claims, or an operator outside this list; the evaluator (evaluate.ts) knows no other node.
 */

export type Literal = string | number | boolean | null;

export type CompareOp = '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

export type Condition =
  /** A literal value. */
  | { k: 'lit'; v: Literal }
  /** `visitor.claims.<path…>`: `path` is the claim names after `claims`, at least one. */
  | { k: 'claim'; path: string[] }
  /** An array literal: only as the list of `includes`. */
  | { k: 'list'; items: Condition[] }
  | { k: 'cmp'; op: CompareOp; a: Condition; b: Condition }
  | { k: 'and'; a: Condition; b: Condition }
  | { k: 'or'; a: Condition; b: Condition }
  | { k: 'not'; a: Condition }
  /** `LIST.includes(ITEM)`: LIST an array literal or a claim. */
  | { k: 'includes'; list: Condition; item: Condition };

export const COMPARE_OPS: readonly CompareOp[] = ['==', '!=', '===', '!==', '<', '<=', '>', '>='];

/** Claim names refused even though the evaluator only reads own properties. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** The longest condition the platform accepts (docs/platform.md: a `condition` is 1..1024 characters). */
export const MAX_CONDITION_LENGTH = 1024;

/** Nesting deeper than this is refused: the browser's evaluator recurses. */
export const MAX_DEPTH = 32;
