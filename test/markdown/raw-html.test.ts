import { describe, expect, it } from 'vitest';
import { unfinishedMarkupAt } from '../../src/markdown/raw-html.ts';

describe('unfinishedMarkupAt', () => {
  it('finds the start of a tag, comment or doctype still open at the end', () => {
    expect(unfinishedMarkupAt('<td><!-- note')).toBe(4);
    expect(unfinishedMarkupAt('<p>a</p><img src="a.png"')).toBe(8);
    expect(unfinishedMarkupAt('<a title=">" href="x')).toBe(0);
    expect(unfinishedMarkupAt('x <a href="y<z')).toBe(2);
    expect(unfinishedMarkupAt('<b>x</b></> <!DOCTYPE html')).toBe(12);
    expect(unfinishedMarkupAt('<?xml version')).toBe(0);
    expect(unfinishedMarkupAt('<br/')).toBe(0);
  });

  it('finds nothing in markup that is finished, or in text with a stray < or &', () => {
    for (const html of [
      '<b>x</b>',
      '<!-- a -->',
      '<!---->',
      'a < b',
      '<',
      '&',
      'x &amp',
      '<3',
      '',
    ]) {
      expect(unfinishedMarkupAt(html)).toBeUndefined();
    }
  });
});
