import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { hits, text } from './helpers.ts';

const { outDir } = inject('exampleBuild');

let stop: () => void;
let endpoint: URL;

beforeAll(async () => {
  const { child, done } = runCli(['mcp', outDir, '--http', '--port', '0']);
  stop = () => child.kill('SIGTERM');
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    void done.then((result) => reject(new Error(`offprint mcp --http ended: ${result.stderr}`)));
  });
  endpoint = new URL(line);
});
afterAll(() => stop?.());

describe('offprint mcp --http', () => {
  it('listens on 127.0.0.1 at /mcp', () => {
    expect(endpoint.hostname).toBe('127.0.0.1');
    expect(endpoint.pathname).toBe('/mcp');
  });

  it("serves the same tools over Streamable HTTP to the SDK's client", async () => {
    const client = new Client({ name: 'offprint-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(endpoint));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'list_pages',
        'read_page',
        'search_docs',
      ]);
      const found = (await client.callTool({
        name: 'search_docs',
        arguments: { query: 'thermistors' },
      })) as CallToolResult;
      expect(hits(found)[0]?.url).toBe(
        'https://docs.acme-rockets.example/docs/telemetry/hardware/calibration/',
      );
      const page = (await client.callTool({
        name: 'read_page',
        arguments: { url: 'telemetry/hardware/calibration/' },
      })) as CallToolResult;
      expect(text(page)).toMatch(/^# Sensor calibration\n/);
      const outside = (await client.callTool({
        name: 'read_page',
        arguments: { url: '../../etc/passwd' },
      })) as CallToolResult;
      expect(outside.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('refuses a request whose Host is not its own (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        endpoint,
        {
          method: 'POST',
          headers: {
            host: 'evil.example',
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    });
    expect(status).toBe(403);
  });

  it('answers only POST at /mcp', async () => {
    expect((await fetch(endpoint)).status).toBe(405);
    expect((await fetch(new URL('/other', endpoint))).status).toBe(404);
  });
});
