import { describe, expect, it } from 'vitest';
import { operationMethod } from '../../src/openapi/methods.ts';
import { operationMethods, operationsMeta } from '../../src/search/operations.ts';

describe("an operation's method, from the outline to a search result", () => {
  const outline = [
    { id: 'list-and-create', text: 'List and create' },
    { id: 'list-missions', method: 'get' as const },
    { id: 'create-a-mission', method: 'post' as const },
    { id: 'create-a-mission-responses' },
  ];

  it('writes the operations of a page, and its own method only when it is one operation', () => {
    expect(operationsMeta(outline, true)).toEqual({
      operations: '[["list-missions","get"],["create-a-mission","post"]]',
    });
    const one = outline.slice(2);
    expect(operationsMeta(one, true)).toEqual({
      method: 'post',
      operations: '[["create-a-mission","post"]]',
    });
    // A guide with one operation among its prose is not that operation's page.
    expect(operationsMeta(one, false)).toEqual({ operations: '[["create-a-mission","post"]]' });
    expect(operationsMeta([{ id: 'intro' }], true)).toEqual({});
  });

  it('reads them back', () => {
    const methods = operationMethods(operationsMeta(outline.slice(2), true));
    expect(methods.page).toBe('post');
    expect([...methods.anchors]).toEqual([['create-a-mission', 'post']]);
  });

  it('keeps only known methods from metadata, whatever else it holds', () => {
    const meta = {
      method: 'GET" onmouseover="x',
      operations: JSON.stringify([
        ['a', 'DELETE'],
        ['b', 'connect'],
        ['c', 'get x'],
        [1, 'get'],
        ['d'],
        'e',
        ['__proto__', 'put'],
      ]),
    };
    const methods = operationMethods(meta);
    expect(methods.page).toBeUndefined();
    expect([...methods.anchors]).toEqual([
      ['a', 'delete'],
      ['__proto__', 'put'],
    ]);
    for (const broken of [
      { operations: '[[' },
      { operations: '{"a":"get"}' },
      { operations: 7 },
      {},
    ])
      expect(operationMethods(broken)).toEqual({ anchors: new Map() });
  });

  it('knows the methods of a path item and webhooks, in any case, and nothing else', () => {
    expect(['GET', ' Patch ', 'trace', 'webhook'].map(operationMethod)).toEqual([
      'get',
      'patch',
      'trace',
      'webhook',
    ]);
    for (const other of ['connect', 'get-', '', 'constructor', 'toString', undefined, 3, ['get']])
      expect(operationMethod(other)).toBeUndefined();
  });
});
