/**
 * "Was this page helpful?": one answer per page view, posted as JSON {page, helpful} to the
 * site's feedback endpoint. The thanks shows once the endpoint accepted it; on failure the
 * answers stay, so the reader can try again.
 */

function setUpFeedback(): void {
  const box = document.querySelector<HTMLElement>('[data-op-feedback]');
  const endpoint = box?.dataset.opFeedback;
  if (!box || !endpoint) return;
  const answers = [...box.querySelectorAll<HTMLButtonElement>('[data-helpful]')];
  const status = box.querySelector<HTMLElement>('[role="status"]');
  for (const answer of answers) {
    answer.addEventListener('click', async () => {
      for (const button of answers) button.disabled = true;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            page: box.dataset.page,
            helpful: answer.dataset.helpful === 'true',
          }),
        });
        if (!response.ok) throw new Error(`feedback endpoint answered ${response.status}`);
        box.querySelector('[role="group"]')?.remove();
        if (status) status.textContent = box.dataset.thanks ?? '';
      } catch {
        for (const button of answers) button.disabled = false;
      }
    });
  }
  box.hidden = false;
}

setUpFeedback();
