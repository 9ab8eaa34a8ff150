/**
 * Errors of a disk that is full or will not be written: the one line the command line prints
 * for them needs the path, which Node leaves out of a failed `write` (it names only the
 * syscall). The writers of the snapshot and the build data add it (`withPath`); for the rest,
 * the command line names the folder the run was writing.
 */

const FULL = new Set(['ENOSPC', 'EDQUOT']);
const DENIED = new Set(['EACCES', 'EPERM', 'EROFS']);

export function isDiskFull(error: unknown): boolean {
  return FULL.has((error as NodeJS.ErrnoException)?.code ?? '');
}

export function isDiskError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  return FULL.has(code) || DENIED.has(code);
}

/** Runs a write of `file`, giving a disk error that lacks one the file's path. */
export async function withPath<T>(file: string, write: () => Promise<T>): Promise<T> {
  try {
    const written = await write();
    // The injected failure comes after the write has run, as a real one comes from the write:
    // failing before it left writes the caller had started with no one awaiting them.
    failWriteForTest(file);
    return written;
  } catch (error) {
    if (isDiskError(error) && !error.path) error.path = file;
    throw error;
  }
}

/**
 * For the tests of a full disk (test/cli/disk-errors.integration.test.ts): `OFFPRINT_TEST_FAIL_WRITE=ENOSPC:<part>`
 * fails the first write of a file whose path holds `<part>` as a full disk fails it: an error
 * with the code and the syscall, and no path. Unset in every real run.
 */
function failWriteForTest(file: string): void {
  const spec = process.env.OFFPRINT_TEST_FAIL_WRITE;
  if (!spec) return;
  const [code = '', part = ''] = spec.split(':');
  if (!file.includes(part)) return;
  const messages: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EACCES: 'permission denied',
  };
  throw Object.assign(new Error(`${code}: ${messages[code] ?? 'failed'}, write`), {
    code,
    errno: code === 'ENOSPC' ? -28 : -13,
    syscall: 'write',
  });
}
