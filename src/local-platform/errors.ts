/** A problem with the site folder, named by the file (relative to the folder) and field. */
export class SiteFolderError extends Error {
  readonly file: string;
  readonly field: string | undefined;

  constructor(file: string, field: string | undefined, detail: string) {
    super(`${file}${field ? `: ${field}` : ''}: ${detail}`);
    this.file = file;
    this.field = field;
    this.name = 'SiteFolderError';
  }
}

/** An error answered to the client as `{ error: { code, message } }`. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const badRequest = (message: string) => new HttpError(400, message);
