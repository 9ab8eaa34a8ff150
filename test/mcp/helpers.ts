import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN } from '../helpers/cli.ts';

export interface StdioSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr: () => string;
  close(): Promise<void>;
}

/** `offprint mcp ARGS` spawned as an MCP client spawns it, connected (initialize done). */
export async function connectStdio(args: string[]): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: { ...process.env, CI: 'true' } as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'offprint-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** A tool's answer, typed as the tools answer. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a tool's single text content. */
export function text(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error(`no text content: ${JSON.stringify(result)}`);
  return first.text;
}

export interface Hit {
  title: string;
  url: string;
  section?: string;
  excerpt: string;
}

export function hits(result: CallToolResult): Hit[] {
  if (result.isError) throw new Error(text(result));
  return (result.structuredContent as { results: Hit[] }).results;
}
