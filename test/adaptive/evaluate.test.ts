import { describe, expect, it } from 'vitest';
import {
  claimSchema,
  cookieClaims,
  mergeQueryClaims,
  queryClaims,
  visitorClaims,
} from '../../src/adaptive/claims.ts';
import { compileCondition } from '../../src/adaptive/compile.ts';
import { evaluate, isShown } from '../../src/adaptive/evaluate.ts';

const shown = (source: string, claims: Record<string, unknown>) => {
  const result = compileCondition(source);
  if (!result.ok) throw new Error(`refused ${source}: ${result.reason}`);
  return isShown(result.condition, claims);
};

const SCHEMA = claimSchema({
  type: 'object',
  properties: {
    plan: { type: 'string' },
    beta: { type: 'boolean' },
    seats: { type: 'integer' },
    score: { type: 'number' },
    roles: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'number' } },
  },
  additionalProperties: false,
});

describe('isShown: evaluation', () => {
  const claims = {
    plan: 'pro',
    beta: true,
    seats: 12,
    roles: ['admin', 'dev'],
    unsigned: { plan: 'enterprise', beta: false },
  };

  it('compares claims with literals', () => {
    expect(shown('visitor.claims.plan == "pro"', claims)).toBe(true);
    expect(shown('visitor.claims.plan === "starter"', claims)).toBe(false);
    expect(shown('visitor.claims.plan != "starter"', claims)).toBe(true);
    expect(shown('visitor.claims.seats > 10 && visitor.claims.seats <= 12', claims)).toBe(true);
    expect(shown('visitor.claims.seats < 12', claims)).toBe(false);
    expect(shown('visitor.claims.plan >= "pro"', claims)).toBe(true);
  });

  it('follows truthiness for bare claims, !, && and ||', () => {
    expect(shown('visitor.claims.beta', claims)).toBe(true);
    expect(shown('visitor.claims.unsigned.beta', claims)).toBe(false);
    expect(shown('!visitor.claims.unsigned.beta', claims)).toBe(true);
    expect(shown('visitor.claims.unsigned.beta || visitor.claims.beta', claims)).toBe(true);
    expect(shown('(visitor.claims.missing || "pro") == visitor.claims.plan', claims)).toBe(true);
  });

  it('tests membership in array literals and array claims', () => {
    expect(shown('["pro", "enterprise"].includes(visitor.claims.plan)', claims)).toBe(true);
    expect(shown('["starter"].includes(visitor.claims.plan)', claims)).toBe(false);
    expect(shown('visitor.claims.roles.includes("admin")', claims)).toBe(true);
    expect(shown('visitor.claims.roles.includes("owner")', claims)).toBe(false);
    // A string claim is not a list: no substring matching.
    expect(shown('visitor.claims.plan.includes("p")', claims)).toBe(false);
  });

  it('compares strictly: no loose coercion between types', () => {
    expect(shown('visitor.claims.seats == "12"', claims)).toBe(false);
    expect(shown('visitor.claims.beta == 1', claims)).toBe(false);
    expect(shown('visitor.claims.seats > "2"', claims)).toBe(false);
    expect(shown('[12].includes("12")', { x: 1 })).toBe(false);
  });

  it('fails closed on missing claims: every comparison with one is false', () => {
    expect(shown('visitor.claims.nothing == "x"', claims)).toBe(false);
    expect(shown('visitor.claims.nothing != "x"', claims)).toBe(false);
    expect(shown('visitor.claims.nothing == null', claims)).toBe(false);
    expect(shown('visitor.claims.nothing < 3', claims)).toBe(false);
    expect(shown('visitor.claims.nothing.deeper == "x"', claims)).toBe(false);
    expect(shown('visitor.claims.nothing', claims)).toBe(false);
    expect(shown('["x"].includes(visitor.claims.nothing)', claims)).toBe(false);
    expect(shown('visitor.claims.plan == "pro"', {})).toBe(false);
  });

  it('never reads inherited properties', () => {
    const inherited = Object.create({ plan: 'pro' });
    expect(shown('visitor.claims.plan == "pro"', inherited)).toBe(false);
    expect(shown('visitor.claims.toString', {})).toBe(false);
    expect(shown('visitor.claims.roles.length == 2', claims)).toBe(false);
    expect(shown('visitor.claims.hasOwnProperty', claims)).toBe(false);
  });

  it('hides on a malformed or unknown node instead of throwing', () => {
    for (const node of [
      null,
      undefined,
      'visitor.claims.plan',
      [],
      {},
      { k: 'call', fn: 'alert' },
      { k: 'lit', v: { evil: true } },
      { k: 'claim', path: 'plan' },
      { k: 'claim', path: [] },
      { k: 'claim', path: [1] },
      { k: 'cmp', op: '+', a: { k: 'lit', v: 1 }, b: { k: 'lit', v: 1 } },
      { k: 'list', items: 'x' },
      Object.assign(Object.create({ k: 'lit', v: true }), {}),
    ]) {
      expect(isShown(node, claims), JSON.stringify(node)).toBe(false);
    }
    expect(() => evaluate({ k: 'nope' }, claims)).toThrow(/unknown condition node/);
    let deep: unknown = { k: 'lit', v: true };
    for (let i = 0; i < 100; i++) deep = { k: 'not', a: deep };
    expect(isShown(deep, claims)).toBe(false);
  });
});

describe('claims: typed by the adaptive schema', () => {
  it('coerces query strings by property type and drops what does not fit', () => {
    const query = queryClaims(
      '?visitor.plan=pro&visitor.beta=true&visitor.seats=3&visitor.score=2.5&visitor.roles=a,b&visitor.roles=c&visitor.ids=1,x,3',
    );
    expect(visitorClaims(undefined, query, SCHEMA).unsigned).toEqual({
      plan: 'pro',
      beta: true,
      seats: 3,
      score: 2.5,
      roles: ['a', 'b', 'c'],
      ids: [1, 3],
    });
    const bad = queryClaims(
      '?visitor.beta=yes&visitor.seats=2.5&visitor.score=1e999&visitor.other=1&visitor.plan=a&visitor.plan=b',
    );
    // Not in an `additionalProperties: false` schema, not a boolean, not an integer, not finite.
    expect(visitorClaims(undefined, bad, SCHEMA).unsigned).toEqual({ plan: 'b' });
  });

  it('types the cookie JSON the same way, its unsigned object under unsigned', () => {
    const cookie = cookieClaims(
      `theme=dark; offprint_visitor=${encodeURIComponent(
        JSON.stringify({
          plan: 'pro',
          beta: 'true',
          seats: '4',
          roles: 'x',
          extra: 1,
          unsigned: { beta: true },
        }),
      )}`,
    );
    const claims = visitorClaims(cookie, {}, SCHEMA);
    expect(claims).toEqual({
      plan: 'pro',
      beta: true,
      seats: 4,
      roles: ['x'],
      unsigned: { beta: true },
    });
  });

  it('lets the query override the cookie for unsigned claims only', () => {
    const claims = visitorClaims(
      { plan: 'pro', unsigned: { plan: 'starter', beta: true } },
      { plan: ['enterprise'] },
      SCHEMA,
    );
    expect(claims.plan).toBe('pro');
    expect(claims.unsigned).toEqual({ plan: 'enterprise', beta: true });
  });

  it('uses the schema unsigned object when it has one', () => {
    const schema = claimSchema({
      type: 'object',
      properties: {
        email: { type: 'string' },
        unsigned: {
          type: 'object',
          properties: { trial: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    });
    const claims = visitorClaims(
      { email: 'a@b.c', other: 'kept' },
      queryClaims('visitor.trial=false&visitor.x=1'),
      schema,
    );
    expect(claims).toEqual({ email: 'a@b.c', other: 'kept', unsigned: { trial: false } });
  });

  it('keeps untyped claims as plain JSON when there is no schema, without prototype tricks', () => {
    const cookie = JSON.parse(
      '{"__proto__": {"plan": "pro"}, "constructor": 1, "org": {"tier": 2, "__proto__": {"x": 1}}}',
    );
    const claims = visitorClaims(
      cookie,
      queryClaims('visitor.__proto__=1&visitor.tier=3'),
      claimSchema(undefined),
    );
    expect(Object.keys(claims)).toEqual(['org', 'unsigned']);
    expect(Object.getPrototypeOf(claims)).toBe(null);
    expect(claims.org).toEqual({ tier: 2 });
    expect(claims.unsigned).toEqual({ tier: '3' });
    expect(shown('visitor.claims.plan == "pro"', claims)).toBe(false);
  });

  it('ignores a cookie that is not JSON and query names that are not claim names', () => {
    expect(cookieClaims('offprint_visitor=%7Bnot json')).toBeUndefined();
    expect(cookieClaims('other=1')).toBeUndefined();
    expect(queryClaims('?visitor.=1&visitor.a.b=2&visitor.ok=3&plan=4')).toEqual({ ok: ['3'] });
  });

  it('keeps the session claims and lets the URL replace a name', () => {
    const merged = mergeQueryClaims(
      { plan: ['pro'], beta: ['true'], bad: [1], __proto__: ['x'] },
      { plan: ['enterprise'] },
    );
    expect(merged).toEqual({ plan: ['enterprise'], beta: ['true'] });
    expect(mergeQueryClaims('garbage', {})).toEqual({});
  });
});
