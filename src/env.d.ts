/// <reference types="astro/client" />

declare module 'virtual:offprint/build' {
  /** The build data directory of the render in progress (src/render/build-data.ts). */
  export const buildDir: string;
}
