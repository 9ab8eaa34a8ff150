import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, notFound } from './errors.ts';
import type { LocalModel } from './model.ts';

/**
 * `GET /_files/<revisionId>/<fileId>/<name>`: a File's `downloadURL`. No auth, like the signed
 * storage URLs of the platform. The bytes come from the path recorded at load time (checked
 * then to be inside the folder); nothing in the request URL is ever joined into a path.
 */
export function serveDownload(
  model: LocalModel,
  segments: string[],
  req: IncomingMessage,
  res: ServerResponse,
  onStatus: (status: number) => void,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, `${req.method} is not allowed here`, { allow: 'GET, HEAD' });
  }
  const [revisionId = '', fileId = '', name = '', ...rest] = segments;
  const file =
    rest.length === 0 ? model.revisions.get(revisionId)?.filesById.get(fileId) : undefined;
  if (!file || file.name !== name) throw notFound('file');

  const headers = {
    'content-type': file.contentType,
    'content-length': String(file.size),
    // The URL names a revision, whose files never change.
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    // Content is untrusted: an SVG opened from here must not run script against this origin.
    'content-security-policy':
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  };
  if (req.method === 'HEAD') {
    onStatus(200);
    res.writeHead(200, headers);
    res.end();
    return;
  }
  const stream = createReadStream(file.abs);
  stream.once('open', () => {
    onStatus(200);
    res.writeHead(200, headers);
    stream.pipe(res);
  });
  stream.once('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The folder changed under the server since it was loaded.
    onStatus(404);
    const body = JSON.stringify({
      error: { code: 404, message: 'file no longer on disk: reload the local platform' },
    });
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
}
