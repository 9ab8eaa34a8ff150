import { UsageError } from '../options.ts';

/**
 * The workflow `offprint init --shards N` writes in place of the one-job deploy.yml: a pull job,
 * a matrix of N render jobs (`offprint render --shard K/N`), a merge job and the same deploy job.
 * Its triggers, permissions, caches and deploy are the one-job workflow's
 * (examples/github-actions/deploy.yml; test/cli/init-shards.test.ts holds them equal), so a
 * change there is made here too.
 */

/** The parts a matrix may have: one part is the one-job workflow; 64 jobs is plenty of runners. */
export const SHARDS = { min: 2, max: 64 } as const;

/** `--shards N`: a whole number of parts, or one line saying what it takes. */
export function parseShards(text: string): number {
  const count = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(count >= SHARDS.min && count <= SHARDS.max))
    throw new UsageError(
      `--shards ${text}: expected a whole number of parts from ${SHARDS.min} to ${SHARDS.max} (without --shards, init writes the one-job workflow)`,
    );
  return count;
}

/** The steps every job starts with: the repository, Node 24 and Offprint as package-lock.json pins it. */
const SETUP = `      - uses: actions/checkout@v4

      - uses: actions/setup-node@v4
        with:
          node-version: 24
          cache: npm

      # Installs Offprint at the version package-lock.json pins (the repository's devDependency).
      - run: npm ci`;

export function shardedWorkflowFile(count: number): string {
  const parts = Array.from({ length: count }, (_, i) => i + 1);
  return `# Builds the published site with Offprint in ${count} parts, one job each, and deploys the joined site
# to GitHub Pages.
#
# \`offprint init --shards ${count}\` writes this file to .github/workflows/deploy.yml, in place of the
# one-job workflow \`offprint init\` writes without --shards. Use it for a site too large for one
# job: one that takes too long, or runs out of memory, on one runner (Offprint's
# docs/sharding.md says when, and how the parts are chosen). A site that builds in one job builds
# faster there: the jobs here each install Offprint, and the merge waits for the slowest part.
#
#   pull    fetches the site into a snapshot: the only job that talks to the platform, the only
#           one given the token
#   render  ${count} jobs at once, each rendering one part of the snapshot (pages, assets, search)
#   merge   joins the parts into one site in dist/ (one search, the broken-link check across
#           all parts)
#   deploy  deploys dist/ to GitHub Pages, as the one-job workflow does
#
# The number of parts is the ${count} in the render job (its matrix, the --shard flag and the cache
# key): \`offprint init --shards N --force\` writes the workflow again for another number.
# A site splits into at most as many parts as its site spaces have top-level groups and pages;
# the render names the limit when N is above it.
#
# Set up as for the one-job workflow: run \`npm install\` once and commit package-lock.json
# (npm ci installs from it), then in the repository settings:
#   - Secrets and variables → Actions → Secrets: OFFPRINT_TOKEN (an API token of the platform)
#   - Pages → Build and deployment → Source: GitHub Actions
# Change-request previews are a step of the one-job workflow (\`offprint init\` without --shards).
name: Deploy docs

on:
  push:
    branches: [main]
  # Content changes on the platform do not push to this repository: rebuild on a schedule, and
  # on demand from the Actions tab. Unchanged revisions are never fetched again (see the cache).
  schedule:
    - cron: "17 * * * *"
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

# One deployment at a time; a newer run replaces a queued one.
concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  pull:
    runs-on: ubuntu-latest
    steps:
${SETUP}

      # The config file's keys, ids and folders, checked before any request to the platform.
      - run: npx offprint check-config

      # The snapshot kept between runs: a re-run pulls only the spaces whose revision changed.
      # The key changes every run so the newest cache is saved; restore-keys picks the latest
      # one, however much the content changed since.
      - uses: actions/cache@v4
        with:
          path: .offprint
          key: offprint-pull-\${{ github.run_id }}
          restore-keys: offprint-pull-

      - name: Pull
        env:
          OFFPRINT_TOKEN: \${{ secrets.OFFPRINT_TOKEN }}
        # The site comes from offprint.config.json. No image variants here: each render job makes
        # those of its own part's images and keeps them in its cache.
        run: npx offprint pull --cache .offprint --no-image-variants

      # .offprint/snapshot is a link to the snapshot's folder in .offprint/snapshots/: tar keeps
      # the link, which an artifact of the folder alone would not.
      - name: Pack the snapshot
        run: tar -cf snapshot.tar -C .offprint snapshot "$(readlink .offprint/snapshot)"

      # Read by this run's render jobs only (a re-run of a failed one included): kept a day.
      - uses: actions/upload-artifact@v4
        with:
          name: snapshot
          path: snapshot.tar
          retention-days: 1

  render:
    needs: pull
    runs-on: ubuntu-latest
    strategy:
      # Every part renders even when one fails: re-running the failed jobs renders only those.
      fail-fast: false
      matrix:
        part: [${parts.join(', ')}]
    steps:
${SETUP}

      - uses: actions/download-artifact@v4
        with:
          name: snapshot

      - name: Unpack the snapshot
        run: mkdir -p .offprint && tar -xf snapshot.tar -C .offprint

      # This part's render cache and its last output, kept between runs: an edit re-renders only
      # the pages it changed, and image variants are made only for new images. A key of its own
      # per part (and per number of parts); it changes every run so the newest cache is saved,
      # and restore-keys picks the latest one.
      - uses: actions/cache@v4
        with:
          path: |
            .offprint/render
            parts/\${{ matrix.part }}
          key: offprint-part-\${{ matrix.part }}-of-${count}-\${{ github.run_id }}
          restore-keys: offprint-part-\${{ matrix.part }}-of-${count}-

      # No token: the render reads only the snapshot. A project site lives under /<repository>/;
      # drop --base for a custom domain (the site's own basename is used then).
      - name: Render part \${{ matrix.part }} of ${count}
        run: npx offprint render --shard \${{ matrix.part }}/${count} --out parts/\${{ matrix.part }} --cache .offprint --base "/\${{ github.event.repository.name }}/"

      # Read by this run's merge job only: kept a day.
      - uses: actions/upload-artifact@v4
        with:
          name: part-\${{ matrix.part }}
          path: parts/\${{ matrix.part }}
          include-hidden-files: true
          retention-days: 1

  merge:
    needs: render
    runs-on: ubuntu-latest
    steps:
${SETUP}

      # Every part-K artifact, each into parts/part-K/.
      - uses: actions/download-artifact@v4
        with:
          pattern: part-*
          path: parts

      # The shell lists parts/* as part-1, part-10, part-2, …: the merge takes the parts in any
      # order (each part's manifest says which it is) and refuses a missing or repeated part, or
      # parts of different snapshots. It reads only the parts (no token, no network) and writes
      # the broken-link report into .offprint/.
      - name: Merge
        run: npx offprint merge parts/* --out dist --cache .offprint

      - uses: actions/upload-pages-artifact@v3
        with:
          path: dist

  deploy:
    needs: merge
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}
