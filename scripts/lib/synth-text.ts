import type { Random } from './prng.ts';

/**
 * Word banks and sentence templates for synthetic documentation. The prose is nonsense at the
 * paragraph level but has the vocabulary, punctuation and inline markup of real docs, so
 * markdown parsing, search indexing and page weight behave as they would on a real site.
 */

const NOUNS = [
  'bucket',
  'cluster',
  'deployment',
  'endpoint',
  'environment',
  'function',
  'gateway',
  'index',
  'job',
  'key',
  'metric',
  'namespace',
  'pipeline',
  'policy',
  'project',
  'queue',
  'region',
  'release',
  'replica',
  'role',
  'route',
  'schedule',
  'secret',
  'snapshot',
  'table',
  'tenant',
  'token',
  'trigger',
  'volume',
  'webhook',
  'workspace',
  'worker',
] as const;

const IRREGULAR_PLURALS: Record<string, string> = {
  index: 'indexes',
  policy: 'policies',
};

/** Verbs as [base, past participle]. */
const VERBS = [
  ['archive', 'archived'],
  ['audit', 'audited'],
  ['configure', 'configured'],
  ['create', 'created'],
  ['delete', 'deleted'],
  ['deploy', 'deployed'],
  ['enable', 'enabled'],
  ['export', 'exported'],
  ['import', 'imported'],
  ['inspect', 'inspected'],
  ['migrate', 'migrated'],
  ['monitor', 'monitored'],
  ['pause', 'paused'],
  ['promote', 'promoted'],
  ['provision', 'provisioned'],
  ['restore', 'restored'],
  ['rotate', 'rotated'],
  ['scale', 'scaled'],
  ['tag', 'tagged'],
  ['update', 'updated'],
  ['validate', 'validated'],
] as const;

const ADJECTIVES = [
  'archived',
  'custom',
  'default',
  'encrypted',
  'ephemeral',
  'idle',
  'managed',
  'nested',
  'primary',
  'private',
  'read-only',
  'regional',
  'scheduled',
  'shared',
  'standby',
] as const;

const SETTINGS = [
  'retention_days',
  'max_replicas',
  'timeout_seconds',
  'log_level',
  'region',
  'concurrency',
  'backoff_ms',
  'dry_run',
] as const;

const SYLLABLES = ['ka', 'lo', 'mir', 'ven', 'dra', 'sol', 'tek', 'ul', 'ros', 'pha', 'zin', 'qua'];

export type Noun = (typeof NOUNS)[number];

/** "a" or "an" by the next word's first letter: close enough for this vocabulary. */
export function a(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

export function plural(noun: string): string {
  return IRREGULAR_PLURALS[noun] ?? `${noun}s`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function noun(rng: Random): Noun {
  return rng.pick(NOUNS);
}

export function verb(rng: Random): string {
  return rng.pick(VERBS)[0];
}

export function adjective(rng: Random): string {
  return rng.pick(ADJECTIVES);
}

export function setting(rng: Random): string {
  return rng.pick(SETTINGS);
}

/** A snake_case or camelCase identifier built from a noun, for code samples. */
export function identifier(rng: Random, style: 'snake' | 'camel'): string {
  const a = adjective(rng).replace('-', '_');
  const b = noun(rng);
  return style === 'snake'
    ? `${a}_${b}`
    : `${a.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}${capitalize(b)}`;
}

const TEMPLATES: readonly ((rng: Random) => string)[] = [
  (r) =>
    `To ${verb(r)} ${a(adjective(r))} ${noun(r)}, open its settings and choose **${capitalize(verb(r))}**.`,
  (r) =>
    `Each ${noun(r)} belongs to exactly one ${noun(r)}, and moving it changes which ${plural(noun(r))} can read it.`,
  (r) =>
    `The platform retries failed ${noun(r)} requests up to ${r.int(2, 9)} times with exponential backoff.`,
  (r) =>
    `If the ${noun(r)} is ${adjective(r)}, you cannot ${verb(r)} it until the current ${noun(r)} finishes.`,
  (r) => `Run \`synthctl ${noun(r)} ${verb(r)}\` to ${verb(r)} every ${noun(r)} in ${a(noun(r))}.`,
  (r) =>
    `Changes to ${a(noun(r))} take effect within ${r.int(5, 120)} seconds and are recorded in the audit log.`,
  (r) =>
    `By default, ${plural(noun(r))} are ${adjective(r)}; set \`${setting(r)}\` to change this.`,
  (r) => `We recommend one ${noun(r)} per ${noun(r)} so that ${plural(noun(r))} stay isolated.`,
  (r) => `The ${noun(r)} limit is ${r.int(10, 500)} per ${noun(r)}; contact support to raise it.`,
  (r) => `Billing counts each ${adjective(r)} ${noun(r)} by the minute, rounded up.`,
  (r) => `${capitalize(a(noun(r)))} can reference at most ${r.int(3, 64)} ${plural(noun(r))}.`,
  (r) => {
    const [base, past] = r.pick(VERBS);
    return `When you ${base} ${a(noun(r))}, its ${plural(noun(r))} are ${past} as well.`;
  },
  (r) =>
    `Use ${a(adjective(r))} ${noun(r)} when the ${noun(r)} must survive a restart of the ${noun(r)}.`,
  (r) =>
    `Metrics for every ${noun(r)} appear on the dashboard after about ${r.int(1, 15)} minutes.`,
];

export function sentence(rng: Random): string {
  return rng.pick(TEMPLATES)(rng);
}

export function paragraph(rng: Random, min = 2, max = 5): string {
  const count = rng.int(min, max);
  const sentences: string[] = [];
  for (let i = 0; i < count; i++) sentences.push(sentence(rng));
  return sentences.join(' ');
}

/** A page title such as "Rotate encrypted tokens" or "Webhook limits". */
export function pageTitle(rng: Random): string {
  const n = noun(rng);
  switch (rng.int(0, 7)) {
    case 0:
      return `${capitalize(verb(rng))} ${adjective(rng)} ${plural(n)}`;
    case 1:
      return `${capitalize(n)} ${rng.pick(['limits', 'settings', 'lifecycle', 'permissions', 'events'])}`;
    case 2:
      return `About ${adjective(rng)} ${plural(n)}`;
    case 3:
      return `Troubleshoot ${n} errors`;
    case 4:
      return `${capitalize(n)} quickstart`;
    case 5:
      return `${capitalize(verb(rng))} ${plural(n)} across ${plural(noun(rng))}`;
    case 6:
      return `How ${plural(n)} work`;
    default:
      return `${capitalize(verb(rng))} ${a(n)}`;
  }
}

/** A made-up word: letters then the ordinal's digits, so no two ordinals share one. */
export function keyword(rng: Random, ordinal: number): string {
  return `${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}${ordinal}`;
}
