/**
 * "Edit on GitHub/GitLab": where a Git-synced space's page file is in its repository. The
 * platform's renderer joins the space's `gitSync.url` (the repository tree at the synced branch
 * and project directory) to the page's `git.path`; this reads that URL into its parts so the
 * link always names the file (`/blob/`, GitLab's `/-/blob/`), whichever form the URL takes:
 *
 * - a tree URL: `https://github.com/acme/docs/tree/main/guides` (or `/blob/`, GitLab's
 *   `/-/tree/`, `/-/blob/`): repository, branch and root directory are in it; the revision's
 *   `git.ref` tells where a branch with `/` in its name ends;
 * - a repository URL (`https://gitlab.com/acme/docs`, `….git`, `git@github.com:acme/docs.git`):
 *   the branch is the revision's `git.ref` (`refs/heads/main`); no ref, no link.
 *
 * The provider is the space's `installationProvider`, else its `integration`, else the host.
 */

export type GitProvider = 'github' | 'gitlab';

export interface GitSource {
  /** The space's `gitSync`. */
  gitSync?: { installationProvider?: string; integration?: string; url?: string };
  /** The revision's `git` (`ref`: `refs/heads/<branch>`). */
  revisionGit?: { ref?: string };
}

/** Where a space's files are: the repository, the branch, the folder its pages' paths start in. */
export interface GitLocation {
  provider: GitProvider | undefined;
  /** `https://host/owner/repo`, no `.git`, no trailing slash. */
  repository: string;
  branch: string;
  /** `''` or `a/b` (no leading or trailing slash). */
  root: string;
}

export interface EditLink {
  url: string;
  /** `GitHub`, `GitLab`, else `Git`: the platform's wording. */
  providerName: string;
}

const TREE = /^(.*?)\/(?:-\/)?(?:tree|blob)\/(.+)$/;

/** The space's repository, branch and root, or undefined when its git data does not say. */
export function gitLocation(source: GitSource): GitLocation | undefined {
  const raw = source.gitSync?.url?.trim();
  if (!raw) return undefined;
  const ref = branchOf(source.revisionGit?.ref);
  const url = httpsUrl(raw);
  if (!url) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  const tree = TREE.exec(path);
  let repoPath: string;
  let branch: string;
  let root = '';
  if (tree) {
    repoPath = tree[1] as string;
    const rest = decodeSafe(tree[2] as string);
    if (ref && (rest === ref || rest.startsWith(`${ref}/`))) {
      branch = ref;
      root = rest.slice(ref.length);
    } else {
      const slash = rest.indexOf('/');
      branch = slash === -1 ? rest : rest.slice(0, slash);
      root = slash === -1 ? '' : rest.slice(slash);
    }
  } else {
    if (!ref) return undefined;
    repoPath = path;
    branch = ref;
  }
  repoPath = repoPath.replace(/\.git$/, '');
  if (!repoPath || repoPath === '/' || !branch) return undefined;
  return {
    provider: providerOf(source, url.hostname),
    repository: `${url.origin}${repoPath}`,
    branch,
    root: root.replace(/^\/+|\/+$/g, ''),
  };
}

/** The page file's URL in the repository at the synced branch. */
export function editUrl(location: GitLocation, gitPath: string): string | undefined {
  const file = gitPath.replace(/^\/+/, '');
  if (!file || file.split('/').some((s) => s === '..' || s === '.')) return undefined;
  const blob = location.provider === 'gitlab' ? '/-/blob/' : '/blob/';
  const path = [location.branch, location.root, file].filter(Boolean).join('/');
  return `${location.repository}${blob}${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The edit link of a page whose file is `gitPath`, in a space with `source`'s git data. */
export function editLinkOf(source: GitSource, gitPath: string | undefined): EditLink | undefined {
  if (!gitPath) return undefined;
  const location = gitLocation(source);
  const url = location && editUrl(location, gitPath);
  if (!location || !url) return undefined;
  return { url, providerName: providerName(location.provider) };
}

export function providerName(provider: GitProvider | undefined): string {
  return provider === 'github' ? 'GitHub' : provider === 'gitlab' ? 'GitLab' : 'Git';
}

function providerOf(source: GitSource, host: string): GitProvider | undefined {
  for (const named of [source.gitSync?.installationProvider, source.gitSync?.integration]) {
    const value = named?.toLowerCase() ?? '';
    if (value.includes('github')) return 'github';
    if (value.includes('gitlab')) return 'gitlab';
  }
  if (/(^|\.)github\.com$/.test(host)) return 'github';
  if (/(^|\.)gitlab\./.test(host)) return 'gitlab';
  return undefined;
}

/** `refs/heads/release/v2` → `release/v2`; a bare branch name as it is. */
function branchOf(ref: string | undefined): string | undefined {
  const value = ref?.trim().replace(/^refs\/heads\//, '');
  return value && !value.startsWith('refs/') ? value : undefined;
}

/** An http(s) URL; `git@host:owner/repo.git` read as `https://host/owner/repo.git`. */
function httpsUrl(raw: string): URL | undefined {
  const scp = /^[\w.-]+@([\w.-]+):(.+)$/.exec(raw);
  const text = scp ? `https://${scp[1]}/${scp[2]}` : raw;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    url.username = '';
    url.password = '';
    return url;
  } catch {
    return undefined;
  }
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
