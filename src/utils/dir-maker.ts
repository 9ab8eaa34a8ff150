import { mkdir } from 'node:fs/promises';

/**
 * `mkdir -p` once per folder: files written many to a folder (pages, copies) ask for their
 * folder each, and each folder is made by the first ask while the others wait for it.
 */
export function dirMaker(): (dir: string) => Promise<unknown> {
  const made = new Map<string, Promise<unknown>>();
  return (dir) => {
    let making = made.get(dir);
    if (!making) {
      making = mkdir(dir, { recursive: true });
      made.set(dir, making);
    }
    return making;
  };
}
