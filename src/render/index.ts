export {
  RenderError,
  type RenderOptions,
  type RenderPdfOptions,
  type RenderResult,
  render,
} from './render.ts';
