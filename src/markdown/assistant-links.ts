/**
 * Links that open an assistant with a prompt: the page actions menu's (a prompt naming the page's
 * public `.md` copy, built by the theme's menu script) and a prompt block's (its own text). Pure.
 */
export interface AssistantLink {
  name: 'chatgpt' | 'claude';
  url: string;
}

/** Each assistant's link with `prompt` as what the reader asks. */
export function assistantLinksFor(prompt: string): AssistantLink[] {
  const query = encodeURIComponent(prompt);
  return [
    { name: 'chatgpt', url: `https://chatgpt.com/?hints=search&q=${query}` },
    { name: 'claude', url: `https://claude.ai/new?q=${query}` },
  ];
}

/** `prompt`'s `{url}` is replaced by `publicMarkdownUrl`. */
export function assistantLinks(publicMarkdownUrl: string, prompt: string): AssistantLink[] {
  return assistantLinksFor(prompt.replace('{url}', publicMarkdownUrl));
}
