/**
 * Feedback as a prefilled issue on the team's Git host (`feedbackIssues`, a repository's URL):
 * the render checks the URL and keeps its new-issue page; the page's script (scripts/feedback.ts)
 * adds the title and body the reader's answer makes. Loaded by the browser too: no Node here.
 */

export type IssueHost = 'github' | 'gitlab';

export interface IssueTarget {
  host: IssueHost;
  /** The repository's new-issue page, without a query. */
  newIssue: string;
}

/**
 * The new-issue page of a GitHub or GitLab repository URL (`https://github.com/acme/docs`,
 * `https://gitlab.com/group/sub/docs`, a `.git` suffix or a trailing slash allowed); undefined
 * for any other URL. Hosts named `github.*` or `gitlab.*` (Enterprise, self-managed) count.
 */
export function issueTarget(repository: string): IssueTarget | undefined {
  const url = URL.parse(repository);
  if (!url) return undefined;
  if (url.protocol !== 'https:' || url.username || url.password || url.search || url.hash)
    return undefined;
  const parts = url.pathname
    .replace(/\.git\/?$/, '')
    .split('/')
    .filter(Boolean);
  if (parts.some((part) => !/^[\w.-]+$/.test(part) || part === '.' || part === '..'))
    return undefined;
  const host = url.hostname.toLowerCase();
  const repo = parts.join('/');
  if ((host === 'github.com' || host.startsWith('github.')) && parts.length === 2)
    return { host: 'github', newIssue: `${url.origin}/${repo}/issues/new` };
  if ((host === 'gitlab.com' || host.startsWith('gitlab.')) && parts.length >= 2)
    return { host: 'gitlab', newIssue: `${url.origin}/${repo}/-/issues/new` };
  return undefined;
}

/** The new-issue page prefilled with `title` and `body`, as each host names its fields. */
export function newIssueUrl(target: IssueTarget, issue: { title: string; body: string }): string {
  const query = new URLSearchParams(
    target.host === 'github'
      ? { title: issue.title, body: issue.body }
      : { 'issue[title]': issue.title, 'issue[description]': issue.body },
  );
  return `${target.newIssue}?${query}`;
}
