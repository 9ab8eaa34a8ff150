import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { decodeCharacterReferences } from './decode.ts';
import { srcsetCandidates } from './srcset.ts';

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
 * Each candidate URL of a `srcset` (`a.png 1x, b.png 2x`; an upload's path with spaces as Git
 * Sync writes it, `image (2).png`), where it is written: `srcsetCandidates` (srcset.ts) reads it.
 */
function srcsetUrls(list: string, offset: number): AttributeUrl[] {
  return srcsetCandidates(list).map(({ url, start, end }) => ({
    start: offset + start,
    end: offset + end,
    url: decodeCharacterReferences(url),
    attribute: 'srcset',
  }));
}
