/**
 * The page actions menu's assistant links: each opens an assistant with a prompt that names
 * the page's public `.md` copy. Pure, for the theme's menu script (which builds the menu on
 * first use) and its tests.
 */
export interface AssistantLink {
  name: 'chatgpt' | 'claude';
  url: string;
}

/** `prompt`'s `{url}` is replaced by `publicMarkdownUrl`. */
export function assistantLinks(publicMarkdownUrl: string, prompt: string): AssistantLink[] {
  const query = encodeURIComponent(prompt.replace('{url}', publicMarkdownUrl));
  return [
    { name: 'chatgpt', url: `https://chatgpt.com/?hints=search&q=${query}` },
    { name: 'claude', url: `https://claude.ai/new?q=${query}` },
  ];
}
