/**
 * Child process of the `render` benchmark: the markdown stage beside its floor
 * (`markdown-floor.ts`) on a pulled site, then one JSON line with the rates. A process of its
 * own, so that the renders before it (their heap, their collector's work) do not weigh on the
 * one-thread rates, measured in this process's CPU time.
 */
import { markdownRates } from './markdown-floor.ts';

const [cacheDir] = process.argv.slice(2) as [string];
console.log(JSON.stringify(await markdownRates(cacheDir)));
