/**
 * Which glyph an icon name of the platform draws when Font Awesome 6 Free has no icon of that
 * name. The platform's pages name icons from Font Awesome Pro (a superset of the free sets) and
 * from its own kit of brand logos. Each row was chosen by hand, by what the icon means, and no
 * two rows draw the same glyph unless they name the same thing (`ALIASES`): a reader told apart
 * by their icons two cards the team told apart (test/markdown/icon-table.test.ts holds both).
 *
 * A glyph outside the Font Awesome sets is written `set:name`, with `set` an Iconify set of the
 * dependencies: `simple-icons` (brand logos, CC0) and `mdi` (Material Design Icons, filled like
 * Font Awesome's solid style, Apache-2.0).
 */

/**
 * Other names of the same icon: Font Awesome 4 and 5 names that version 6 renamed, and the
 * platform's names for one thing drawn alike. A name here is looked up as its target.
 */
export const ALIASES: Readonly<Record<string, string>> = {
  home: 'house',
  'house-blank': 'house',
  'info-circle': 'circle-info',
  'check-circle': 'circle-check',
  'exclamation-circle': 'circle-exclamation',
  'exclamation-triangle': 'triangle-exclamation',
  warning: 'triangle-exclamation',
  'question-circle': 'circle-question',
  times: 'xmark',
  close: 'xmark',
  cog: 'gear',
  cogs: 'gears',
  search: 'magnifying-glass',
  'external-link': 'arrow-up-right-from-square',
  'external-link-alt': 'up-right-from-square',
  'file-alt': 'file-lines',
  'file-archive': 'file-zipper',
  'file-download': 'file-arrow-down',
  'ellipsis-h': 'ellipsis',
  'sign-out': 'right-from-bracket',
  'sign-in': 'right-to-bracket',
  edit: 'pen-to-square',
  'sun-bright': 'sun',
  // ChatGPT's mark is OpenAI's; the platform draws its assistant, untrademarked, as a sparkle.
  chatgpt: 'openai',
  'gitbook-assistant': 'sparkle',
  'visual-studio-code': 'vscode',
};

/**
 * Brand logos of the platform's own kit (not in Font Awesome): drawn as the brand's own mark,
 * as the platform draws them, so the build has nothing to say about them.
 */
export const BRAND_LOGOS: Readonly<Record<string, string>> = {
  anthropic: 'simple-icons:anthropic',
  claude: 'simple-icons:claude',
  copilot: 'simple-icons:githubcopilot',
  cursor: 'simple-icons:cursor',
  gemini: 'simple-icons:googlegemini',
  gitbook: 'simple-icons:gitbook',
  mcp: 'simple-icons:modelcontextprotocol',
  openai: 'simple-icons:openai',
  vscode: 'simple-icons:visualstudiocode',
};

/**
 * Font Awesome Pro icons → the nearest Material Design icon. Never a free Font Awesome icon,
 * even where one is close: `brain-circuit` drawn as the free `brain` would look the same as a
 * `brain` beside it. The build names these once in a note (the glyph is close, not the
 * platform's own).
 */
export const PRO_STAND_INS: Readonly<Record<string, string>> = {
  // Arrows and shapes
  'arrow-turn-down-left': 'mdi:keyboard-return',
  'arrow-up-right': 'mdi:arrow-top-right',
  'square-arrow-up': 'mdi:arrow-up-box',
  'spinner-third': 'mdi:loading',
  'octagon-check': 'mdi:check-decagram',
  'circle-bolt': 'mdi:lightning-bolt-circle',
  'grid-2': 'mdi:view-grid',
  'sliders-up': 'mdi:tune-vertical',
  // Messages
  'message-bot': 'mdi:assistant',
  'message-question': 'mdi:message-question',
  'comment-check': 'mdi:message-check',
  messages: 'mdi:forum',
  // Writing and reading
  'block-quote': 'mdi:format-quote-open',
  memo: 'mdi:note-text',
  books: 'mdi:bookshelf',
  'clipboard-list-check': 'mdi:clipboard-check',
  'list-timeline': 'mdi:timeline-text',
  // Code and tools
  'rectangle-terminal': 'mdi:console',
  'square-code': 'mdi:code-braces-box',
  browser: 'mdi:application',
  webhook: 'mdi:webhook',
  'folder-gear': 'mdi:folder-cog',
  'brain-circuit': 'mdi:brain',
  'microchip-ai': 'mdi:chip',
  'cloud-check': 'mdi:cloud-check',
  'shield-check': 'mdi:shield-check',
  'globe-pointer': 'mdi:web',
  // Celebration and magic
  sparkle: 'mdi:star-four-points',
  sparkles: 'mdi:creation',
  'party-horn': 'mdi:party-popper',
  'rocket-launch': 'mdi:rocket-launch',
  'lightbulb-on': 'mdi:lightbulb-on',
  'hand-wave': 'mdi:hand-wave',
  'chart-line-up': 'mdi:trending-up',
  // Numbers in a square: `square-1` … `square-9`, `square-0`.
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, digit) => [`square-${digit}`, `mdi:numeric-${digit}-box`]),
  ),
};
