import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../src/adaptive/compile.ts';
import { isShown } from '../../src/adaptive/evaluate.ts';

const compiled = (source: string) => {
  const result = compileCondition(source);
  if (!result.ok) throw new Error(`refused ${source}: ${result.reason}`);
  return result.condition;
};

describe('compileCondition: the grammar', () => {
  it('turns literals, claims, comparisons and logic into the allow-listed form', () => {
    expect(
      compiled('visitor.claims.unsigned.plan == "pro" && !visitor.claims.unsigned.beta'),
    ).toEqual({
      k: 'and',
      a: {
        k: 'cmp',
        op: '==',
        a: { k: 'claim', path: ['unsigned', 'plan'] },
        b: { k: 'lit', v: 'pro' },
      },
      b: { k: 'not', a: { k: 'claim', path: ['unsigned', 'beta'] } },
    });
  });

  it('reads string-literal computed access and optional chaining as plain claim names', () => {
    expect(compiled('visitor.claims["unsigned"]["my-plan"]')).toEqual({
      k: 'claim',
      path: ['unsigned', 'my-plan'],
    });
    expect(compiled('visitor["claims"].a')).toEqual({ k: 'claim', path: ['a'] });
    expect(compiled('visitor.claims?.a?.b')).toEqual({ k: 'claim', path: ['a', 'b'] });
  });

  it('accepts every literal kind, negative numbers included', () => {
    expect(compiled("'x'")).toEqual({ k: 'lit', v: 'x' });
    expect(compiled('2.5')).toEqual({ k: 'lit', v: 2.5 });
    expect(compiled('-3')).toEqual({ k: 'lit', v: -3 });
    expect(compiled('true')).toEqual({ k: 'lit', v: true });
    expect(compiled('false')).toEqual({ k: 'lit', v: false });
    expect(compiled('null')).toEqual({ k: 'lit', v: null });
  });

  it('accepts every comparison operator', () => {
    for (const op of ['==', '!=', '===', '!==', '<', '<=', '>', '>=']) {
      expect(compiled(`visitor.claims.n ${op} 3`)).toMatchObject({ k: 'cmp', op });
    }
  });

  it('accepts .includes on an array literal and on a claim', () => {
    expect(compiled('["pro", "enterprise"].includes(visitor.claims.unsigned.plan)')).toEqual({
      k: 'includes',
      list: {
        k: 'list',
        items: [
          { k: 'lit', v: 'pro' },
          { k: 'lit', v: 'enterprise' },
        ],
      },
      item: { k: 'claim', path: ['unsigned', 'plan'] },
    });
    expect(compiled('visitor.claims.roles.includes("admin")')).toEqual({
      k: 'includes',
      list: { k: 'claim', path: ['roles'] },
      item: { k: 'lit', v: 'admin' },
    });
  });

  it('keeps grouping and precedence: && binds tighter than ||', () => {
    const claims = { a: true, b: false, c: false };
    expect(
      isShown(compiled('visitor.claims.a || visitor.claims.b && visitor.claims.c'), claims),
    ).toBe(true);
    expect(
      isShown(compiled('(visitor.claims.a || visitor.claims.b) && visitor.claims.c'), claims),
    ).toBe(false);
  });

  it('serializes to JSON and back unchanged (what the page carries)', () => {
    const condition = compiled('visitor.claims.n >= 2 || ["a"].includes(visitor.claims.s)');
    expect(JSON.parse(JSON.stringify(condition))).toEqual(condition);
  });
});

/** Each must be refused: the browser never sees anything but the allow-listed form. */
const HOSTILE = [
  'constructor.constructor("alert(1)")()',
  'visitor.__proto__',
  'visitor.claims.__proto__',
  'visitor.claims["__proto__"]',
  'visitor.claims["constructor"]',
  'visitor.claims.constructor',
  'visitor.claims.a.prototype',
  'visitor.claims.__defineGetter__',
  'this',
  'this.visitor.claims.a',
  'globalThis',
  'window.location',
  'document.cookie',
  'process.exit()',
  'process.exit',
  'require("fs")',
  'import("x")',
  'eval("1")',
  'Function("return 1")()',
  'a = 1',
  'visitor.claims.a = 1',
  '(1, 2)',
  'visitor.claims.a; visitor.claims.b',
  `\`template \${1}\``,
  '/regex/.test("x")',
  'visitor.claims.a ? 1 : 2',
  'visitor',
  'visitor.claims',
  'visitor.other.a',
  'user.claims.a',
  'visitor.claims[visitor.claims.k]',
  'visitor.claims[0]',
  'visitor.claims.a.toString()',
  'visitor.claims.a.includes.call(1)',
  'visitor.claims.tags.includes()',
  'visitor.claims.tags.includes(1, 2)',
  'visitor.claims.tags["includes"]("a")',
  '"abc".includes("a")',
  '[visitor.claims.a].map(x)',
  '[1, , 2].includes(1)',
  '[1, 2]',
  'new Date()',
  'typeof visitor.claims.a',
  'void 0',
  '~visitor.claims.n',
  '+visitor.claims.n',
  '-visitor.claims.n',
  'visitor.claims.n + 1',
  'visitor.claims.s * 2',
  'visitor.claims.a | 1',
  'visitor.claims.a ?? "x"',
  'visitor.claims.a in [1]',
  'visitor.claims.a instanceof Object',
  '1e999 == visitor.claims.n',
  'x => x',
  '',
  '   ',
  `${'!'.repeat(40)}visitor.claims.a`,
  `visitor.claims.a == "${'x'.repeat(1100)}"`,
  'visitor.claims.a ==',
];

describe('compileCondition: refused', () => {
  it.each(HOSTILE)('refuses %j with a reason', (source) => {
    const result = compileCondition(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).not.toBe('');
  });

  it('names what was wrong', () => {
    const reason = (source: string) => {
      const result = compileCondition(source);
      return result.ok ? '' : result.reason;
    };
    expect(reason('process.exit()')).toMatch(/only call allowed is \.includes/);
    expect(reason('visitor.claims["constructor"]')).toMatch(/"constructor" is not allowed/);
    expect(reason('globalThis')).toMatch(/unknown identifier globalThis/);
    expect(reason('(1, 2)')).toMatch(/only one expression/);
    expect(reason('a = 1')).toMatch(/cannot parse/);
  });
});
