import { readFile } from 'node:fs/promises';
import type { Option } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { configurableOptions } from '../../src/cli/config.ts';
import { createProgram } from '../../src/cli/main.ts';
import type { OffprintConfig } from '../../src/cli/public-config.ts';
import {
  CONFIG_KEYS,
  CONFIG_ONLY_KEYS,
  type ConfigSchema,
  mustExistKeys,
} from '../../src/cli/schemas/index.ts';

/**
 * `ConfigSchema` (src/cli/schemas/) is the one list of config keys: the commands' flags, the
 * public type and the README's option table are each held to it here.
 */

const kebab = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
const flagKeys = CONFIG_KEYS.filter((key) => !CONFIG_ONLY_KEYS.includes(key));

describe('the config schema', () => {
  it('has a key for every configurable flag of every command, and no other (but openapi)', () => {
    const flags = [...configurableOptions(createProgram()).keys()].sort();
    expect([...flagKeys].sort()).toEqual(flags);
  });

  it('is the public OffprintConfig type', () => {
    expectTypeOf<OffprintConfig>().toEqualTypeOf<z.input<typeof ConfigSchema>>();
  });

  it('says which paths check-config wants to find', () => {
    expect(mustExistKeys()).toEqual([
      ['tokenFile', 'file'],
      ['pages', 'directory'],
      ['theme', 'directory'],
    ]);
  });
});

describe("the README's options", () => {
  it('list every key of the schema as its flag, and no flag the schema lacks', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('### Options'),
      readme.indexOf('### The config file'),
    );
    // The flags of the table's first column: `--api-url URL`, `-q, --quiet`, `--dir DIR`, `--token T`.
    const listed = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) =>
          [...(line.split(' | ')[0] ?? '').matchAll(/--[a-z-]+/g)].map((m) => m[0]),
        ),
    );
    // Flags that are no config key: secrets, --config, --shard, and those of init and check-config.
    const program = createProgram();
    const notKeys = new Set(['--token', '--share-key', '--config', '--help', '--shard']);
    for (const name of ['init', 'check-config'])
      for (const option of program.commands.find((c) => c.name() === name)?.options ?? [])
        notKeys.add((option as Option).long ?? '');
    // A key's flag as the commands spell it (`imageVariants` is `--no-image-variants`).
    const spelled = new Map<string, string>();
    for (const command of program.commands)
      for (const option of command.options as Option[])
        if (option.long) spelled.set(option.attributeName(), option.long);
    const expected = new Set([
      ...flagKeys.map((key) => spelled.get(key) ?? kebab(key)),
      ...notKeys,
    ]);
    expected.delete('--help');
    expect([...listed].sort()).toEqual([...expected].sort());
    for (const key of CONFIG_ONLY_KEYS) expect(readme).toContain(`\`${key}\` is the one key`);
  });
});
