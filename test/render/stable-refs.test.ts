import { describe, expect, it } from 'vitest';
import { stableFileRefs } from '../../src/render/stable-refs.ts';

describe('stableFileRefs', () => {
  const files = [
    { id: 'f1', name: 'a.png', downloadURL: 'https://files.example/r1/f1/a.png?token=abc' },
    { id: 'f2', name: 'b.pdf', downloadURL: 'https://files.example/r1/f2/b.pdf' },
  ];

  it('rewrites known download URLs to stable refs, wherever they appear', () => {
    const normalize = stableFileRefs(files);
    const markdown =
      '![A](https://files.example/r1/f1/a.png?token=abc)\n<img src="https://files.example/r1/f2/b.pdf">\n';
    expect(normalize(markdown)).toBe('![A](/files/f1)\n<img src="/files/f2">\n');
  });

  it('leaves other URLs and near misses alone', () => {
    const normalize = stableFileRefs(files);
    const markdown = 'See https://example.com/x and https://files.example/r1/f1/a.png?token=other.';
    expect(normalize(markdown)).toBe(markdown);
  });
});
