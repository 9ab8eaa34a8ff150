import { VFile } from 'vfile';
import { matter } from 'vfile-matter';
import { firstLine, parseOrThrow } from '../utils/issues.ts';
import { LocalFilesError } from './errors.ts';
import { LocalFrontMatter } from './schema.ts';

export type { LocalFrontMatter } from './schema.ts';

/** Reads and checks the front matter of `text` (keys in `schema.ts`); `file` names the file in errors. */
export function readFrontMatter(text: string, file: string): LocalFrontMatter {
  const vfile = new VFile({ value: text, path: file });
  try {
    matter(vfile);
  } catch (error) {
    throw new LocalFilesError(
      `local page ${file}: front matter is not valid YAML: ${firstLine(error)}`,
    );
  }
  return parseOrThrow(
    LocalFrontMatter,
    vfile.data.matter ?? {},
    (field, detail) =>
      new LocalFilesError(
        `local page ${file}: front matter${field ? ` "${field}"` : ''}: ${detail}`,
      ),
  );
}

/** The body of a local page file without its front matter: its `.md` copy in the output. */
export function localPageBody(text: string): string {
  const vfile = new VFile({ value: text });
  matter(vfile, { strip: true });
  return String(vfile.value);
}
