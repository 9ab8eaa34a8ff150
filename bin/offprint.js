#!/usr/bin/env node
// Offprint runs from its TypeScript sources: tsx compiles them on load, so there is no build
// step between a checkout and a working command (see README, "Why tsx").
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
