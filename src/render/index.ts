export type { RenderOptions, RenderPdfOptions } from './options.ts';
export { RenderError, render } from './render.ts';
export type { RenderResult } from './result.ts';
