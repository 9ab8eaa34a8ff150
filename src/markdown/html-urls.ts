import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { decodeCharacterReferences } from './decode.ts';

/**
 * The URL-valued attributes of a piece of HTML, with where each value is written: `<img src>`,
 * `<a href>` (a cards table's cover is a link to the file), `<source src>`, `<video poster>`,
 * and each candidate of a `srcset`. htmlparser2's tokenizer reports attribute values by offset,
 * so a value is found whatever its quotes, spaces or parentheses.
 */

export interface AttributeUrl {
  /** Offsets of the value as written, in the HTML given. */
  start: number;
  end: number;
  /** The value with its character references decoded (`&#x26;` → `&`). */
  url: string;
  /** The attribute's name, lower-cased (`src`, `href`, `srcset`…). */
  attribute: string;
}

const URL_ATTRIBUTES = new Set(['src', 'href', 'poster', 'data', 'cite', 'action']);

export function htmlAttributeUrls(html: string): AttributeUrl[] {
  const found: AttributeUrl[] = [];
  let name = '';
  let valueStart = -1;
  let valueEnd = -1;
  const callbacks: TokenizerCallbacks = {
    onattribname(start, end) {
      name = html.slice(start, end).toLowerCase();
      valueStart = -1;
    },
    onattribdata(start, end) {
      if (valueStart < 0) valueStart = start;
      valueEnd = end;
    },
    onattribentity() {},
    onattribend() {
      // Entities are not decoded by the tokenizer, so a value's data is one run.
      if (valueStart < 0) return;
      const raw = html.slice(valueStart, valueEnd);
      if (URL_ATTRIBUTES.has(name)) {
        found.push({
          start: valueStart,
          end: valueEnd,
          url: decodeCharacterReferences(raw).trim(),
          attribute: name,
        });
      } else if (name === 'srcset') {
        found.push(...srcsetUrls(raw, valueStart));
      }
      valueStart = -1;
    },
    oncdata() {},
    onclosetag() {},
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onopentagend() {},
    onopentagname() {},
    onprocessinginstruction() {},
    onselfclosingtag() {},
    ontext() {},
    ontextentity() {},
  };
  const tokenizer = new Tokenizer({ decodeEntities: false }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return found;
}

/**
 * Each candidate URL of a `srcset` (`a.png 1x, b.png 2x`). URLs hold no spaces by spec, but Git
 * Sync writes an upload's path as named (`image (2).png`): a URL runs to its candidate's
 * trailing descriptors (`2x`, `800w`), as `srcsetCandidates` (srcset.ts) reads it.
 */
function srcsetUrls(list: string, offset: number): AttributeUrl[] {
  const found: AttributeUrl[] = [];
  let at = 0;
  for (const candidate of list.split(',')) {
    const words = [...candidate.matchAll(/\S+/g)];
    let end = words.length;
    while (end > 1 && /^\d+(?:\.\d+)?[wx]$/i.test(words[end - 1]?.[0] ?? '')) end--;
    const first = words[0];
    const last = words[end - 1];
    if (first && last) {
      const value = candidate.slice(first.index, (last.index ?? 0) + last[0].length);
      const start = offset + at + (first.index ?? 0);
      found.push({
        start,
        end: start + value.length,
        url: decodeCharacterReferences(value),
        attribute: 'srcset',
      });
    }
    at += candidate.length + 1;
  }
  return found;
}
