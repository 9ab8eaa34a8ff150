import { describe, expect, it } from 'vitest';
import { isKnownWord, MAX_INFLECTION } from '../../src/search/known-word.ts';

/**
 * The cases are Pagefind's own answers: the query word, the keyword Pagefind stemmed it to, and
 * the index words it matched (read from its playground mode on the example and the bench's
 * synthetic site).
 */
describe('isKnownWord: a query word the index holds, or another word Pagefind matched it to', () => {
  it('knows a word Pagefind matched exactly, as typed or stemmed', () => {
    expect(isKnownWord('rocketctl', 'rocketctl', ['rocketctl'])).toBe(true);
    expect(isKnownWord('authentication', 'authent', ['authent'])).toBe(true);
    expect(isKnownWord('deploying', 'deploy', ['deploy'])).toBe(true);
  });

  it('knows an inflection: "querying" on a site that says "queries", plural and singular', () => {
    // Pagefind stems the index's words as it stems the query's.
    expect(isKnownWord('querying', 'queri', ['queri'])).toBe(true);
    expect(isKnownWord('query', 'queri', ['queri'])).toBe(true);
    // An index word a few letters longer: the plural, -es, -ed, -ing, -er.
    expect(isKnownWord('token', 'token', ['tokens'])).toBe(true);
    expect(isKnownWord('patch', 'patch', ['patches'])).toBe(true);
    expect(isKnownWord('rout', 'rout', ['routed'])).toBe(true);
    expect(isKnownWord('build', 'build', ['building'])).toBe(true);
    expect(isKnownWord('rout', 'rout', ['router'])).toBe(true);
  });

  it('knows a word being typed, however far it is from the index word it begins', () => {
    expect(isKnownWord('rocke', 'rock', ['rocket', 'rocketctl'])).toBe(true);
    expect(isKnownWord('authen', 'authen', ['authent'])).toBe(true);
    // Counted from the word as typed: its stem can be letters shorter ("rocke" is "rock").
    expect(isKnownWord('rocke', 'rock', ['rocketry'])).toBe(true);
    // Half a word typed: "rock" of a site that says only "rocketctl" is not a typo of "lock".
    expect(isKnownWord('rock', 'rock', ['rocketctl'])).toBe(true);
    expect(isKnownWord('webhook', 'webhook', ['webhook_id', 'webhook-v2'])).toBe(true);
  });

  it('does not know an identifier’s letters with digits after them: "customvolumee" is not customvolume59', () => {
    expect(isKnownWord('customvolumee', 'customvolume', ['customvolume59', 'customvolume7'])).toBe(
      false,
    );
    expect(isKnownWord('webhookk', 'webhook', ['webhook_id', 'webhook-v2'])).toBe(false);
  });

  it('does not know a word only longer index words begin with', () => {
    const longer = `customvolume${'x'.repeat(MAX_INFLECTION + 1)}`;
    expect(isKnownWord('customvolumee', 'customvolume', [longer])).toBe(false);
    expect(isKnownWord('customvolumee', 'customvolume', [longer, 'customvolumes'])).toBe(true);
  });

  it('does not know a word Pagefind fell back from, or matched nothing for', () => {
    // "rocketclt" matched "rocket", the longest index word it begins with.
    expect(isKnownWord('rocketclt', 'rocketclt', ['rocket'])).toBe(false);
    expect(isKnownWord('domian', 'domian', [])).toBe(false);
    // An empty keyword is no base every short word extends.
    expect(isKnownWord('domian', '', ['dom', 'do'])).toBe(false);
  });
});
