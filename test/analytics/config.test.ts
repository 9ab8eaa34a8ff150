import { describe, expect, it } from 'vitest';
import { analyticsSetup } from '../../src/analytics/index.ts';
import { issueTarget, newIssueUrl } from '../../src/analytics/issues.ts';
import { checkConfig } from '../../src/cli/config.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';

/** The config file's `analytics` and `feedbackIssues`, checked as `check-config` and every command do. */
function problems(values: Record<string, unknown>): string[] {
  return checkConfig({ file: '/docs/offprint.config.json', values }).problems;
}

describe('the analytics key', () => {
  it('is off by default: no key, no tags, no sources', () => {
    expect(problems({})).toEqual([]);
    expect(analyticsSetup(undefined)).toBeUndefined();
    expect(analyticsSetup({})).toBeUndefined();
  });

  it('takes each provider as its install docs name it', () => {
    const values = {
      analytics: {
        plausible: { domain: 'docs.acme.example', host: 'https://plausible.acme.example' },
        umami: { websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409' },
        matomo: { trackerUrl: 'https://acme.matomo.cloud', siteId: '3' },
        googleAnalytics: { measurementId: 'G-ABC123XYZ' },
        script: {
          src: 'https://stats.acme.example/t.js',
          connect: ['https://collect.acme.example/x'],
        },
      },
    };
    expect(problems(values)).toEqual([]);
  });

  it.each([
    [
      { plausible: {} },
      '"analytics.plausible.domain": Invalid input: expected string, received undefined',
    ],
    [
      { plausible: { domain: 'a b' } },
      '"analytics.plausible.domain": expected a domain such as docs.example.com, got "a b"',
    ],
    [
      { plausible: { domain: 'x.example', host: 'http://stats.example' } },
      '"analytics.plausible.host": expected an https URL, got "http://stats.example"',
    ],
    [
      { umami: { websiteId: '"><script>' } },
      `"analytics.umami.websiteId": expected the website's id from Umami, got "\\"><script>"`,
    ],
    [
      { matomo: { trackerUrl: 'javascript:alert(1)', siteId: '1' } },
      '"analytics.matomo.trackerUrl": expected an https URL, got "javascript:alert(1)"',
    ],
    [
      { googleAnalytics: { measurementId: 'UA-1234-1' } },
      '"analytics.googleAnalytics.measurementId": expected a measurement id such as G-ABC123XYZ, got "UA-1234-1"',
    ],
    [{ mixpanel: { token: 'x' } }, '"analytics": Unrecognized key: "mixpanel"'],
  ])('refuses %j naming the key', (analytics, problem) => {
    expect(problems({ analytics })).toEqual([problem]);
  });

  it('gives each provider its documented tag, settings and policy sources', () => {
    const setup = analyticsSetup({
      plausible: { domain: 'docs.acme.example' },
      umami: { websiteId: 'abc', scriptUrl: 'https://u.acme.example/script.js' },
      matomo: { trackerUrl: 'https://m.acme.example/', siteId: '3' },
      googleAnalytics: { measurementId: 'G-ABC123XYZ' },
    });
    expect(setup?.view.scripts).toEqual([
      {
        src: 'https://plausible.io/js/script.js',
        load: 'defer',
        data: { 'data-domain': 'docs.acme.example' },
      },
      {
        src: 'https://u.acme.example/script.js',
        load: 'defer',
        data: { 'data-website-id': 'abc' },
      },
      { src: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ', load: 'async', data: {} },
    ]);
    // Matomo's loader is the snippet's work: done by the theme's script, from the settings.
    expect(setup?.view.settings).toEqual({
      plausible: true,
      umami: true,
      matomo: {
        trackerUrl: 'https://m.acme.example/',
        siteId: '3',
        scriptUrl: 'https://m.acme.example/matomo.js',
      },
      googleAnalytics: { measurementId: 'G-ABC123XYZ' },
    });
    expect(setup?.sources).toEqual({
      script: [
        'https://plausible.io/js/script.js',
        'https://u.acme.example/script.js',
        'https://m.acme.example/matomo.js',
        'https://*.googletagmanager.com',
      ],
      connect: [
        'https://plausible.io/api/event',
        'https://u.acme.example/api/send',
        'https://m.acme.example/matomo.php',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ],
      img: [
        'https://m.acme.example/matomo.php',
        'https://*.google-analytics.com',
        'https://*.googletagmanager.com',
      ],
    });
  });

  it("sends Umami Cloud's events to its API gateway, a self-hosted Umami's to its host", () => {
    expect(analyticsSetup({ umami: { websiteId: 'abc' } })?.sources.connect).toEqual([
      'https://cloud.umami.is/api/send',
      'https://api-gateway.umami.dev/api/send',
    ]);
    const hosted = analyticsSetup({
      umami: {
        websiteId: 'abc',
        scriptUrl: 'https://cdn.example/u.js',
        hostUrl: 'https://stats.example/',
      },
    });
    expect(hosted?.view.scripts[0]?.data).toEqual({
      'data-website-id': 'abc',
      'data-host-url': 'https://stats.example',
    });
    expect(hosted?.sources.connect).toEqual(['https://stats.example/api/send']);
  });
});

describe('feedbackIssues', () => {
  it.each([
    ['https://github.com/acme/docs', 'https://github.com/acme/docs/issues/new'],
    ['https://github.com/acme/docs.git', 'https://github.com/acme/docs/issues/new'],
    ['https://gitlab.com/acme/team/docs/', 'https://gitlab.com/acme/team/docs/-/issues/new'],
    ['https://gitlab.acme.example/docs/site', 'https://gitlab.acme.example/docs/site/-/issues/new'],
  ])('%s → %s', (repository, page) => {
    expect(issueTarget(repository)?.newIssue).toBe(page);
    expect(problems({ feedbackIssues: repository })).toEqual([]);
  });

  it.each([
    'https://github.com/acme',
    'https://github.com/acme/docs/tree/main',
    'http://github.com/acme/docs',
    'https://bitbucket.org/acme/docs',
    'https://github.com/acme/docs?x=1',
  ])('refuses %s', (repository) => {
    expect(issueTarget(repository)).toBeUndefined();
    expect(problems({ feedbackIssues: repository })).toEqual([
      `"feedbackIssues": expected a GitHub or GitLab repository URL such as https://github.com/OWNER/REPO, got "${repository}"`,
    ]);
  });

  it('prefills each host as it names its fields', () => {
    const issue = { title: 'Feedback: Install', body: 'Page: https://d.example/install/\nNo' };
    const github = new URL(
      newIssueUrl({ host: 'github', newIssue: 'https://github.com/a/b/issues/new' }, issue),
    );
    expect(Object.fromEntries(github.searchParams)).toEqual(issue);
    const gitlab = new URL(
      newIssueUrl({ host: 'gitlab', newIssue: 'https://gitlab.com/a/b/-/issues/new' }, issue),
    );
    expect(Object.fromEntries(gitlab.searchParams)).toEqual({
      'issue[title]': issue.title,
      'issue[description]': issue.body,
    });
  });

  it('is refused on the command line in one line, exit 2', async () => {
    const temp = await tempDir();
    try {
      const result = await runCli([
        'render',
        '--cache',
        temp.dir,
        '--out',
        `${temp.dir}/dist`,
        '--feedback-issues',
        'https://example.com/acme/docs',
      ]).done;
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toBe(
        'offprint: --feedback-issues: expected a GitHub or GitLab repository URL such as https://github.com/OWNER/REPO, got "https://example.com/acme/docs"',
      );
    } finally {
      await temp.cleanup();
    }
  });
});
