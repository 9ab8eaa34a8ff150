/// <reference types="astro/client" />

declare module 'virtual:offprint/build' {
  /** The build data directory of the render in progress (src/render/build-data.ts). */
  export const buildDir: string;
}

declare module 'virtual:offprint/local-pages' {
  /** Each local page's compiled `.md`/`.mdx` module, by page key (src/render/astro.ts). */
  export const localPages: Record<
    string,
    () => Promise<{
      default: import('astro/runtime/server/index.js').AstroComponentFactory;
      getHeadings?: () => { depth: number; slug: string; text: string }[];
    }>
  >;
}

declare module 'offprint:components/*' {
  /** A theme component: the `--theme` override when there is one, else themes/default's. */
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}

declare module 'offprint:default/*' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}
