/**
 * curl commands as the page shows them, for the operation's code samples (`snippets.ts`) and
 * for the request a "Test it" console would send (the theme's api-console.ts): written by
 * `@scalar/snippetz`, which pretty-prints a JSON body, with that body's lines then indented
 * under `--data` so that the command reads as one block (the closing `}'` lines up with the
 * flag, as the platform's samples show it).
 */
import { shellCurl } from '@scalar/snippetz/plugins/shell/curl';

export type CurlRequest = Parameters<typeof shellCurl.generate>[0];

/** Flags whose quoted value may run over several lines. */
const DATA_FLAG = /^\s*--data(?:-raw|-binary)? '/;

export function curlCommand(request: CurlRequest): string {
  return indentDataLines(shellCurl.generate(request) ?? '');
}

/**
 * Indents the lines after a `--data '…` line up to the one that closes its quote by the flag's
 * own indent. The command's meaning is unchanged: a JSON body reads whitespace between tokens
 * as nothing, and snippetz escapes a quote inside the body as `'\''`, so a line of the body
 * cannot end with the closing quote.
 */
export function indentDataLines(command: string): string {
  const lines = command.split('\n');
  let indent: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (indent !== undefined) {
      lines[i] = indent + line;
      if (/'(?: \\)?$/.test(line) && !/'\\''(?: \\)?$/.test(line)) indent = undefined;
      continue;
    }
    if (DATA_FLAG.test(line) && !/'(?: \\)?$/.test(line)) indent = /^\s*/.exec(line)?.[0] ?? '';
  }
  return lines.join('\n');
}
