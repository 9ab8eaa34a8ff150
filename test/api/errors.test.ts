import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  ApiSchemaError,
  formatIssuePath,
  redact,
  schemaIssues,
} from '../../src/api/errors.ts';

describe('ApiError', () => {
  it('says method, path, status, the platform message and the attempts', () => {
    const error = new ApiError(
      'GET',
      '/orgs/acme/sites/nope',
      404,
      'Site not found',
      1,
      'not_found',
    );
    expect(error.message).toBe('GET /orgs/acme/sites/nope → 404: Site not found');
    const retried = new ApiError('GET', '/orgs', 503, 'Service Unavailable', 6);
    expect(retried.message).toBe('GET /orgs → 503: Service Unavailable (gave up after 6 attempts)');
    const network = new ApiError(
      'GET',
      '/orgs',
      undefined,
      'network error: connect ECONNREFUSED',
      2,
      'ECONNREFUSED',
    );
    expect(network.message).toContain('GET /orgs failed: network error');
  });
});

describe('schema errors', () => {
  it('name the failing field path as a user reads JSON', () => {
    expect(formatIssuePath(['structure', 'structure', 0, 'siteSpaces', 1, 'path'])).toBe(
      'structure.structure[0].siteSpaces[1].path',
    );
    const schema = z.object({ items: z.array(z.object({ path: z.string().max(3) })) });
    const result = schema.safeParse({ items: [{ path: 'ok' }, { path: 'too long' }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    const error = new ApiSchemaError('listThings', 'GET', '/things', schemaIssues(result.error));
    expect(error.message).toContain('items[1].path');
    expect(error.message).toContain('GET /things (listThings)');
  });
});

describe('redact', () => {
  it('removes every occurrence of every secret', () => {
    expect(redact('token abcd1234 and abcd1234 again; key k-9999', ['abcd1234', 'k-9999'])).toBe(
      'token *** and *** again; key ***',
    );
  });
  it('leaves text alone without secrets', () => {
    expect(redact('nothing here', [undefined, ''])).toBe('nothing here');
  });
});
