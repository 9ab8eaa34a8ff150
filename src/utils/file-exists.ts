import { access } from 'node:fs/promises';

/** Whether `file` can be reached (a cache's entry, say); any error reads as no. */
export async function fileExists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
