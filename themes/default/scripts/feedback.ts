/**
 * "Was this page helpful?": one answer per page view, sent wherever the build said
 * (components/Feedback.astro): posted as JSON {page, helpful} to the feedback endpoint, told to
 * the analytics providers (site-events.ts), and, with a repository, a link to a new issue there
 * prefilled with the page and the answer. The thanks shows once the endpoint accepted it (at
 * once without one); on failure the answers stay, so the reader can try again.
 */
import { type IssueHost, newIssueUrl } from '../../../src/analytics/issues.ts';
import { siteEvent } from './site-events.ts';

function setUpFeedback(): void {
  const box = document.querySelector<HTMLElement>('[data-op-feedback]');
  if (!box) return;
  const endpoint = box.dataset.opFeedback || undefined;
  const answers = [...box.querySelectorAll<HTMLButtonElement>('[data-helpful]')];
  const status = box.querySelector<HTMLElement>('[role="status"]');
  const page = box.dataset.page ?? location.pathname;
  for (const answer of answers) {
    answer.addEventListener('click', async () => {
      const helpful = answer.dataset.helpful === 'true';
      for (const button of answers) button.disabled = true;
      try {
        if (endpoint) {
          const response = await fetch(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ page, helpful }),
          });
          if (!response.ok) throw new Error(`feedback endpoint answered ${response.status}`);
        }
      } catch {
        for (const button of answers) button.disabled = false;
        return;
      }
      siteEvent('feedback', { page, helpful });
      box.querySelector('[role="group"]')?.remove();
      if (status) status.textContent = box.dataset.thanks ?? '';
      offerIssue(box, page, helpful);
    });
  }
  box.hidden = false;
}

/** The link to a new issue on the team's Git host, prefilled with the page and the answer. */
function offerIssue(box: HTMLElement, page: string, helpful: boolean): void {
  const link = box.querySelector<HTMLAnchorElement>('.op-feedback__issue');
  const newIssue = box.dataset.issues;
  const host = box.dataset.issueHost as IssueHost | undefined;
  if (!link || !newIssue || (host !== 'github' && host !== 'gitlab')) return;
  const url = new URL(page, location.href).href;
  link.href = newIssueUrl(
    { host, newIssue },
    {
      title: `Feedback: ${document.title}`,
      body: `Page: ${url}\nWas this page helpful? ${helpful ? 'Yes' : 'No'}\n\n`,
    },
  );
  link.hidden = false;
}

setUpFeedback();
