import jsep from 'jsep';
import {
  COMPARE_OPS,
  type CompareOp,
  type Condition,
  FORBIDDEN_NAMES,
  MAX_CONDITION_LENGTH,
  MAX_DEPTH,
} from './ast.ts';

/**
 * Build side: a condition string → the allow-listed `Condition`, or the reason it is refused.
 * jsep parses (no plugins: no assignment, templates, regexes or arrow functions); everything it
 * produces that is not in the grammar below is refused, never passed through:
 *
 *   literal      "…" | '…' | number | true | false | null | -number
 *   claim        visitor.claims.NAME(.NAME | ["NAME"])*      (`?.` accepted, read the same)
 *   membership   [ e, … ].includes(e) | claim.includes(e)
 *   e            literal | claim | membership | !e | e OP e | e && e | e || e | ( e )
 *   OP           == != === !== < <= > >=
 */

export type Compiled = { ok: true; condition: Condition } | { ok: false; reason: string };

class Refused extends Error {}

export function compileCondition(source: string): Compiled {
  if (source.trim() === '') return { ok: false, reason: 'empty condition' };
  if (source.length > MAX_CONDITION_LENGTH)
    return { ok: false, reason: `longer than ${MAX_CONDITION_LENGTH} characters` };
  let tree: jsep.Expression;
  try {
    tree = jsep(source);
  } catch (error) {
    return { ok: false, reason: `cannot parse: ${(error as Error).message}` };
  }
  try {
    return { ok: true, condition: convert(tree, 0) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
}

function refuse(message: string): never {
  throw new Refused(message);
}

function convert(node: jsep.Expression, depth: number): Condition {
  if (depth > MAX_DEPTH) refuse(`nested deeper than ${MAX_DEPTH}`);
  const next = depth + 1;
  switch (node.type) {
    case 'Literal':
      return { k: 'lit', v: literal(node as jsep.Literal) };
    case 'MemberExpression':
      return { k: 'claim', path: claimPath(node as jsep.MemberExpression) };
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator === '!') return { k: 'not', a: convert(unary.argument, next) };
      if (unary.operator === '-' && unary.argument.type === 'Literal') {
        const value = literal(unary.argument as jsep.Literal);
        if (typeof value === 'number') return { k: 'lit', v: -value };
      }
      return refuse(`operator ${unary.operator} is not allowed`);
    }
    case 'BinaryExpression':
    case 'LogicalExpression': {
      const binary = node as jsep.BinaryExpression;
      const a = convert(binary.left, next);
      const b = convert(binary.right, next);
      if (binary.operator === '&&') return { k: 'and', a, b };
      if (binary.operator === '||') return { k: 'or', a, b };
      if ((COMPARE_OPS as readonly string[]).includes(binary.operator))
        return { k: 'cmp', op: binary.operator as CompareOp, a, b };
      return refuse(`operator ${binary.operator} is not allowed`);
    }
    case 'CallExpression':
      return includes(node as jsep.CallExpression, next);
    case 'Identifier':
      return refuse(`unknown identifier ${(node as jsep.Identifier).name}`);
    case 'ArrayExpression':
      return refuse('an array is only allowed before .includes(…)');
    case 'ThisExpression':
      return refuse('this is not allowed');
    case 'Compound':
    case 'SequenceExpression':
      return refuse('only one expression is allowed');
    case 'ConditionalExpression':
      return refuse('the ?: operator is not allowed');
    default:
      return refuse(`${node.type} is not allowed`);
  }
}

function literal(node: jsep.Literal): string | number | boolean | null {
  const { value } = node;
  if (value === null) {
    // jsep writes a number too large for a double as null; only the word `null` is null.
    if (node.raw !== 'null') refuse(`${node.raw} is not a finite number`);
    return null;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return refuse(`literal ${node.raw} is not allowed`);
}

/** `visitor.claims.a["b"]` → `['a', 'b']`. */
function claimPath(node: jsep.MemberExpression): string[] {
  const names: string[] = [];
  let at: jsep.Expression = node;
  while (at.type === 'MemberExpression') {
    const member = at as jsep.MemberExpression;
    names.unshift(propertyName(member));
    at = member.object;
  }
  if (at.type !== 'Identifier' || (at as jsep.Identifier).name !== 'visitor')
    refuse('only visitor.claims… may be read');
  if (names[0] !== 'claims') refuse('only visitor.claims… may be read');
  const path = names.slice(1);
  if (path.length === 0) refuse('visitor.claims needs a claim name after it');
  return path;
}

function propertyName(member: jsep.MemberExpression): string {
  const { property } = member;
  let name: string | undefined;
  if (!member.computed && property.type === 'Identifier') name = (property as jsep.Identifier).name;
  else if (
    member.computed &&
    property.type === 'Literal' &&
    typeof (property as jsep.Literal).value === 'string'
  )
    name = (property as jsep.Literal).value as string;
  if (name === undefined) return refuse('a claim name must be a name or a "string"');
  if (name === '' || FORBIDDEN_NAMES.has(name) || name.startsWith('__'))
    refuse(`claim name "${name}" is not allowed`);
  return name;
}

function includes(call: jsep.CallExpression, depth: number): Condition {
  const { callee } = call;
  const method =
    callee.type === 'MemberExpression' &&
    !(callee as jsep.MemberExpression).computed &&
    (callee as jsep.MemberExpression).property.type === 'Identifier'
      ? ((callee as jsep.MemberExpression).property as jsep.Identifier).name
      : undefined;
  if (method !== 'includes') return refuse('the only call allowed is .includes(…)');
  if (call.arguments.length !== 1) refuse('.includes takes exactly one argument');
  const receiver = (callee as jsep.MemberExpression).object;
  let list: Condition;
  if (receiver.type === 'ArrayExpression') {
    const elements = (receiver as jsep.ArrayExpression).elements;
    list = {
      k: 'list',
      items: elements.map((element) =>
        element ? convert(element, depth + 1) : refuse('an array may not have holes'),
      ),
    };
  } else if (receiver.type === 'MemberExpression') {
    list = { k: 'claim', path: claimPath(receiver as jsep.MemberExpression) };
  } else {
    return refuse('.includes is allowed only on an array or a claim');
  }
  return { k: 'includes', list, item: convert(call.arguments[0] as jsep.Expression, depth + 1) };
}
