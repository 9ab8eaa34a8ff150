import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { curlCommand, indentDataLines } from '../../src/openapi/curl.ts';

const run = promisify(execFile);

/** The arguments bash hands to `curl` when it runs `command` (a function stands in for curl). */
async function argumentsOf(command: string): Promise<string[]> {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}\n`;
  const { stdout } = await run('bash', ['-c', script]);
  return stdout.split('\0').slice(0, -1);
}

const body = { name: "Kestrel's ride", orbit: { type: 'SSO', altitudeKm: 525 }, tags: ['a', 'b'] };

describe('curl samples', () => {
  it('indents a JSON body under --data, down to its closing quote', () => {
    const command = curlCommand({
      method: 'POST',
      url: 'https://api.example/v2/missions',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      postData: { mimeType: 'application/json', text: JSON.stringify(body) },
    });
    const lines = command.split('\n');
    const start = lines.findIndex((l) => l.startsWith("  --data '{"));
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start + 1)).toEqual([
      '    "name": "Kestrel\'\\\'\'s ride",',
      '    "orbit": {',
      '      "type": "SSO",',
      '      "altitudeKm": 525',
      '    },',
      '    "tags": [',
      '      "a",',
      '      "b"',
      '    ]',
      "  }'",
    ]);
  });

  it('sends the same body once the shell has read it', async () => {
    const command = curlCommand({
      method: 'POST',
      url: 'https://api.example/v2/missions',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      postData: { mimeType: 'application/json', text: JSON.stringify(body) },
    });
    const args = await argumentsOf(command);
    expect(args.slice(0, 3)).toEqual(['https://api.example/v2/missions', '--request', 'POST']);
    const data = args[args.indexOf('--data') + 1] ?? '';
    expect(JSON.parse(data)).toEqual(body);
  });

  it('leaves a one-line body and the lines after a body as they were', () => {
    const oneLine = "curl https://x.example \\\n  --data 'a=1' \\\n  --header 'X: y'";
    expect(indentDataLines(oneLine)).toBe(oneLine);
    const after = "curl https://x.example \\\n  --data '{\n  \"a\": 1\n}' \\\n  --header 'X: y'";
    expect(indentDataLines(after)).toBe(
      "curl https://x.example \\\n  --data '{\n    \"a\": 1\n  }' \\\n  --header 'X: y'",
    );
  });
});
