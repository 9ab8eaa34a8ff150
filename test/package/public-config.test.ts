import { describe, expect, it } from 'vitest';
import { CONFIG_ONLY_KEYS, configurableOptions } from '../../src/cli/config.ts';
import { createProgram } from '../../src/cli/main.ts';
import type { OffprintConfig } from '../../src/cli/public-config.ts';

// Every key of OffprintConfig, once: the type checker refuses a missing or an unknown key here.
const KEYS: Record<keyof OffprintConfig, true> = {
  apiUrl: true,
  tokenFile: true,
  org: true,
  site: true,
  changeRequest: true,
  cache: true,
  allowVisitorAuth: true,
  concurrency: true,
  rateLimitWait: true,
  lockWait: true,
  out: true,
  base: true,
  siteUrl: true,
  failOnBrokenLinks: true,
  pages: true,
  theme: true,
  feedbackUrl: true,
  pdf: true,
  pdfScope: true,
  chromium: true,
  example: true,
  quiet: true,
  verbose: true,
  port: true,
  host: true,
  http: true,
  watch: true,
  interval: true,
  dir: true,
  rateLimit: true,
  rateWindow: true,
  openapi: true,
};

describe('the public OffprintConfig type', () => {
  it('has exactly the keys the config file accepts', () => {
    const accepted = [
      ...configurableOptions(createProgram()).keys(),
      ...Object.keys(CONFIG_ONLY_KEYS),
    ].sort();
    expect(Object.keys(KEYS).sort()).toEqual(accepted);
  });
});
