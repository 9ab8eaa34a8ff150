/** A problem with the user's local pages or theme overrides, named by file (and field). */
export class LocalFilesError extends Error {
  override readonly name = 'LocalFilesError';
}
