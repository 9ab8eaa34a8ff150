/**
 * The script that furnishes the sandbox Pagefind's worker script runs in (pagefind-sandbox.ts),
 * evaluated inside that context before the site's code. It is JavaScript of the context's own
 * realm: every global it defines (fetch, TextDecoder, TextEncoder, setTimeout, console, a
 * minimal URL, and the worker's `self`) is made of the context's objects, and the four host
 * functions it is called with stay in its closure, never on the global object. So the site's
 * script can reach nothing of Node: no host object whose constructor leads to Node's Function,
 * no `process`, no `require`, no network. Only strings and numbers cross between the realms
 * (file bytes as latin1 strings, messages as JSON).
 *
 * Evaluating it yields `deliver(json)`, which hands a message to the worker's listener.
 */
export const SANDBOX_GLOBALS = String.raw`'use strict';
(function (hostRead, hostSleep, hostLog, hostPost) {
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const U8 = Uint8Array;
  const Str = String;
  const fromCharCode = String.fromCharCode;
  const define = (name, value) =>
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });

  function bytesFromLatin1(text) {
    const out = new U8(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }

  function utf8Encode(text) {
    text = Str(text);
    const out = [];
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else c = 0xfffd;
      } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new U8(out);
  }

  function utf8Decode(bytes) {
    let out = '';
    let units = [];
    const flush = () => {
      out += fromCharCode.apply(null, units);
      units = [];
    };
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i];
      let c = 0xfffd;
      let n = 1;
      if (b < 0x80) c = b;
      else {
        const need = b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
        if (need && i + need <= bytes.length) {
          let v = b & (need === 2 ? 31 : need === 3 ? 15 : 7);
          let ok = true;
          for (let k = 1; k < need; k++) {
            const x = bytes[i + k];
            if ((x & 0xc0) !== 0x80) ok = false;
            v = (v << 6) | (x & 63);
          }
          const min = need === 2 ? 0x80 : need === 3 ? 0x800 : 0x10000;
          if (ok && v >= min && v <= 0x10ffff && !(v >= 0xd800 && v <= 0xdfff)) {
            c = v;
            n = need;
          }
        }
      }
      i += n;
      if (c > 0xffff) {
        c -= 0x10000;
        units.push(0xd800 + (c >> 10), 0xdc00 + (c & 1023));
      } else units.push(c);
      if (units.length > 8000) flush();
    }
    flush();
    return out;
  }

  function asBytes(input) {
    if (input === undefined || input === null) return new U8(0);
    if (input instanceof ArrayBuffer) return new U8(input);
    if (ArrayBuffer.isView(input)) return new U8(input.buffer, input.byteOffset, input.byteLength);
    throw new TypeError('decode expects bytes');
  }

  class TextDecoder {
    decode(input) {
      return utf8Decode(asBytes(input));
    }
  }
  class TextEncoder {
    encode(text) {
      return utf8Encode(text === undefined ? '' : text);
    }
    encodeInto(text, view) {
      const bytes = utf8Encode(text);
      if (bytes.length > view.length) throw new RangeError('encodeInto: the view is too small');
      view.set(bytes);
      return { read: Str(text).length, written: bytes.length };
    }
  }

  function response(status, latin1) {
    let bytes;
    const body = () => (bytes ??= bytesFromLatin1(latin1));
    return {
      ok: status >= 200 && status < 300,
      status,
      type: 'basic',
      headers: { get: () => null },
      arrayBuffer: async () => body().buffer,
      text: async () => utf8Decode(body()),
      json: async () => parse(utf8Decode(body())),
    };
  }

  function fetch(input) {
    const url = Str(input);
    return new Promise((resolve, reject) => {
      hostRead(url, (error, status, latin1) => {
        if (error !== null) reject(new TypeError(Str(error)));
        else resolve(response(status, latin1));
      });
    });
  }

  let timers = 0;
  function setTimeout(callback, ms) {
    hostSleep(+ms || 0, () => {
      if (typeof callback === 'function') callback();
    });
    return ++timers;
  }

  const say = (level) => (...args) => {
    let line = '';
    for (const arg of args) {
      try {
        line += (line ? ' ' : '') + Str(arg);
      } catch {
        line += ' [unprintable]';
      }
    }
    hostLog(level, line);
  };
  const console = { log: say('log'), info: say('info'), debug: say('debug'), warn: say('warn'), error: say('error') };

  // Enough of URL for the sub-result anchors and highlight parameters Pagefind builds.
  class URL {
    constructor(input) {
      const m = /^([a-z][a-z\d+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(Str(input));
      if (!m) throw new TypeError('Invalid URL');
      this.protocol = m[1].toLowerCase();
      this.host = m[2];
      this.pathname = m[3] || '/';
      this.search = m[4] || '';
      this._hash = m[5] || '';
      const url = this;
      this.searchParams = {
        append(key, value) {
          url.search += (url.search ? '&' : '?') + encodeURIComponent(key) + '=' + encodeURIComponent(value);
        },
      };
    }
    get hash() {
      return this._hash;
    }
    set hash(value) {
      const text = Str(value);
      this._hash = text === '' ? '' : text[0] === '#' ? text : '#' + text;
    }
    get href() {
      return this.protocol + '//' + this.host + this.pathname + this.search + this._hash;
    }
    toString() {
      return this.href;
    }
  }

  let listener = null;
  const self = {
    addEventListener(type, callback) {
      if (type === 'message') listener = callback;
    },
    postMessage(message) {
      let json;
      try {
        json = stringify(message);
      } catch {
        json = stringify({ id: message && Str(message.id), error: 'unserializable result' });
      }
      hostPost(json);
    },
  };

  define('self', self);
  define('fetch', fetch);
  define('TextDecoder', TextDecoder);
  define('TextEncoder', TextEncoder);
  define('setTimeout', setTimeout);
  define('clearTimeout', () => {});
  define('console', console);
  define('URL', URL);

  return function deliver(json) {
    try {
      if (listener) listener({ data: parse(json) });
    } catch {
      // The worker answers its own errors; anything else is dropped here, inside the sandbox.
    }
  };
})`;
