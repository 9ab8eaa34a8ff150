import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';

/** The object number an object has in the file, from the one it has in memory. */
export type Renumber = (objectNumber: number) => number;

export const sameNumbers: Renumber = (n) => n;

/**
 * An object's bytes as pdf-lib writes them, but each reference renumbered: a chunk's objects are
 * numbered from the same base in memory (pdf-lib keeps every reference it ever made, so numbers
 * that grew with the document would make its memory grow too) and get their place in the
 * merged PDF only here. Dictionaries, arrays and streams are walked; every other value is
 * written by pdf-lib.
 */
export function objectBytes(object: PDFObject, renumber: Renumber): Buffer {
  const pieces: Buffer[] = [];
  let text = '';
  const visit = (value: PDFObject): void => {
    if (value instanceof PDFRef) {
      text += `${renumber(value.objectNumber)} ${value.generationNumber} R`;
    } else if (value instanceof PDFDict) {
      text += '<<';
      for (const [key, entry] of value.entries()) {
        text += `\n${key.toString()} `;
        visit(entry);
      }
      text += '\n>>';
    } else if (value instanceof PDFArray) {
      text += '[';
      for (const item of value.asArray()) {
        text += ' ';
        visit(item);
      }
      text += ' ]';
    } else if (value instanceof PDFStream) {
      value.updateDict();
      visit(value.dict);
      pieces.push(Buffer.from(`${text}\nstream\n`, 'latin1'), Buffer.from(value.getContents()));
      text = '\nendstream';
    } else if (printsItself(value)) {
      text += value.toString();
    } else {
      const bytes = Buffer.alloc(value.sizeInBytes());
      value.copyBytesInto(bytes, 0);
      text += bytes.toString('latin1');
    }
  };
  visit(object);
  pieces.push(Buffer.from(text, 'latin1'));
  return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
}

/** Values whose `toString` is what pdf-lib writes for them (not so for an invalid object). */
function printsItself(value: PDFObject): boolean {
  return (
    value instanceof PDFName ||
    value instanceof PDFNumber ||
    value instanceof PDFString ||
    value instanceof PDFHexString ||
    value instanceof PDFBool ||
    value === PDFNull
  );
}

/** Renumbers the references of a dictionary or array in place (not of the objects they name). */
export function renumberInPlace(value: PDFObject, renumber: Renumber): PDFObject {
  if (value instanceof PDFRef)
    return PDFRef.of(renumber(value.objectNumber), value.generationNumber);
  if (value instanceof PDFDict)
    for (const [key, entry] of value.entries()) value.set(key, renumberInPlace(entry, renumber));
  if (value instanceof PDFArray)
    value.asArray().forEach((item, i) => {
      value.set(i, renumberInPlace(item, renumber));
    });
  return value;
}
