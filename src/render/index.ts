export type { AheadOfRender, RenderOptions, RenderPdfOptions } from './options.ts';
export type { RenderProgress } from './progress.ts';
export { RenderError, render } from './render.ts';
export type { RenderResult } from './result.ts';
