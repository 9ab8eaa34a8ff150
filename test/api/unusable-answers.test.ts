import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import { ApiError, NotJsonError } from '../../src/api/errors.ts';
import { closedPort, startWebServer } from '../helpers/web-server.ts';

const TOKEN = 'secret-token-7c41';
const SITE = { organizationId: 'acme', siteId: 'docs' };

/** Fast retries: what matters is how many attempts are made, not how long they wait. */
function clientOf(apiUrl: string): PlatformClient {
  return new PlatformClient({
    apiUrl,
    token: TOKEN,
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
  });
}

async function failureOf(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** One line, no markup, no token. */
function expectReadable(message: string): void {
  expect(message).not.toContain('\n');
  expect(message).not.toMatch(/<[a-z!/]/i);
  expect(message).not.toContain(TOKEN);
}

describe('an API URL that answers something other than JSON', () => {
  let web: Awaited<ReturnType<typeof startWebServer>>;
  beforeAll(async () => {
    web = await startWebServer();
  });
  afterAll(() => web?.close());

  it.each([
    ['200-html', 200, 'text/html', 1],
    ['404-html', 404, 'text/html', 1],
    ['200-badjson', 200, 'application/json that is not valid JSON', 1],
    ['200-notype', 200, 'a body with no content type', 1],
    ['200-empty', 200, 'an empty body as text/html', 1],
    // A server error may pass: retried as before, then told the same way.
    ['503-html', 503, 'text/html', 3],
  ])(
    '%s answers %i: told by status and content type, naming --api-url',
    async (segment, status, sent, attempts) => {
      const error = await failureOf(
        clientOf(`${web.url}/${segment}`).request('getPublishedContentSite', SITE),
      );
      expect(error).toBeInstanceOf(NotJsonError);
      expect(error.status).toBe(status);
      expect(error.message).toContain(
        `${web.url}/${segment}/v1 did not answer JSON (it sent ${sent})`,
      );
      expect(error.message).toContain('check --api-url');
      expectReadable(error.message);
      expect(web.requests(segment)).toBe(attempts);
      expect(error.attempts).toBe(attempts);
    },
  );

  it("shows a download's error answer by its status, never its body", async () => {
    const error = await failureOf(clientOf(web.url).download(`${web.url}/404-html/file.png`));
    expect(error.message).toBe(`GET ${web.url}/404-html/file.png → 404: Not Found`);
  });
});

describe('a URL no attempt can reach', () => {
  it('a bad port fails at once, saying to choose another', async () => {
    const error = await failureOf(
      clientOf('http://127.0.0.1:1').request('getPublishedContentSite', SITE),
    );
    expect(error.code).toBe('BAD_PORT');
    expect(error.attempts).toBe(1);
    expect(error.message).toMatch(
      /failed: fetch never connects to port 1 .* give --api-url another port$/,
    );
    expectReadable(error.message);
  });

  it('a scheme fetch cannot use fails at once, before any request', async () => {
    const web = await startWebServer();
    try {
      const apiUrl = web.url.replace(/^http:/, 'htp:');
      const error = await failureOf(
        clientOf(`${apiUrl}/200-html`).request('getPublishedContentSite', SITE),
      );
      expect(error.code).toBe('UNSUPPORTED_SCHEME');
      expect(error.attempts).toBe(1);
      expect(error.message).toContain('check --api-url');
      expect(web.requests('200-html')).toBe(0);
    } finally {
      await web.close();
    }
  });

  it('a refused connection is still retried: the API may be starting', async () => {
    const error = await failureOf(
      clientOf(`http://127.0.0.1:${await closedPort()}`).request('getPublishedContentSite', SITE),
    );
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.attempts).toBe(3);
    expect(error.message).not.toContain('--api-url');
  });

  it('a token fetch cannot send is refused at once, and stays hidden', async () => {
    const web = await startWebServer();
    try {
      const client = new PlatformClient({ apiUrl: `${web.url}/200-html`, token: `${TOKEN}\nmore` });
      const error = await failureOf(client.request('getPublishedContentSite', SITE));
      expect(error.attempts).toBe(1);
      expect(error.message).toContain('the request cannot be made');
      expect(error.message).not.toContain('more');
      expectReadable(error.message);
      expect(web.requests('200-html')).toBe(0);
    } finally {
      await web.close();
    }
  });
});
