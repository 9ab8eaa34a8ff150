export { RenderError, type RenderOptions, type RenderResult, render } from './render.ts';
