import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageCacheNote, SLOW_IMAGES_SECONDS } from '../../src/cli/image-cache-note.ts';

const result = (made: number, seconds: number) => ({ images: { made, reused: 0, seconds } });

describe('the image cache note', () => {
  it('says where the variants are kept and to keep that folder between CI runs', () => {
    const note = imageCacheNote(result(57, 42), '.offprint');
    expect(note).toBe(
      `making 57 image variants took 42.0 s of this build. They are kept in ${path.join('.offprint', 'render', 'images')}${path.sep}: ` +
        `keep .offprint${path.sep} between CI runs and the next build reuses them (Offprint's README, "Deploying from CI")`,
    );
  });

  it('is left out when nothing was made or making took little time', () => {
    expect(imageCacheNote(result(0, 60), '.offprint')).toBeUndefined();
    expect(imageCacheNote(result(19, SLOW_IMAGES_SECONDS - 0.1), '.offprint')).toBeUndefined();
    expect(imageCacheNote(result(19, SLOW_IMAGES_SECONDS), '.offprint')).toBeDefined();
  });
});
