/**
 * The "Test it" consoles of a page, kept on the render's `VFile` (`file.data.consoles`) between
 * the OpenAPI plugin that draws an operation and the plugin that, after sanitizing, puts the
 * console's button and inert data in place (`plugins/openapi-console.ts`). The data never passes
 * through the sanitizer as markup, and markup from content cannot name data of its own: a slot
 * only picks an entry of this list.
 */
import type { VFile } from 'vfile';
import type { ConsoleData } from '../openapi/console.ts';

declare module 'vfile' {
  interface DataMap {
    /** Each console's data, by the index its slot carries. */
    consoles: ConsoleData[];
  }
}

export function addConsole(file: VFile, data: ConsoleData): number {
  file.data.consoles ??= [];
  file.data.consoles.push(data);
  return file.data.consoles.length - 1;
}

export function consoleAt(file: VFile, index: number): ConsoleData | undefined {
  return file.data.consoles?.[index];
}
