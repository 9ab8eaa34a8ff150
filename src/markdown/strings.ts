/**
 * The labels the renderer writes itself (OpenAPI sections, schema flags, prompt and tab
 * chrome), so that a site in another language does not show English among its own strings.
 * The view layer holds each locale's translation (`src/view/i18n/`); a render without
 * `MarkdownOptions.strings` is in English. `{name}` marks where a value is inserted.
 */
import type { RootContent } from 'mdast';

export interface ContentStrings {
  /** OpenAPI operation sections. */
  authorization: string;
  pathParameters: string;
  queryParameters: string;
  headerParameters: string;
  cookieParameters: string;
  /** A `{% swagger %}` block's parameters with no known location. */
  parameters: string;
  requestBody: string;
  /** A webhook's request body. */
  payload: string;
  responses: string;
  /** An operation's `callbacks`, and a response's `links`. */
  callbacks: string;
  links: string;
  codeSamples: string;
  examples: string;
  server: string;
  servers: string;
  /** Before several security alternatives. */
  anyOneOf: string;
  /** After them, when the operation also accepts no credentials. */
  withoutCredentials: string;
  /** Between the schemes of one alternative that are all required. */
  and: string;
  /** `{scheme}`: the scheme's name and kind; `{scopes}`: the scopes it needs. */
  withScopes: string;
  /** A request body that is required. */
  required: string;
  /** A response's headers. */
  headers: string;
  /** After a media type whose schema is the previous one's. */
  sameSchema: string;
  /** The operation's badge. */
  deprecated: string;
  /** The button that opens an operation's console. */
  testIt: string;
  /** The request example's tab; `{name}` when there are several. */
  request: string;
  requestNamed: string;
  /** A field's flags. */
  flagRequired: string;
  flagNullable: string;
  flagReadOnly: string;
  flagWriteOnly: string;
  flagDeprecated: string;
  /** A field's values; `{value}` is shown as code. */
  defaultValue: string;
  constantValue: string;
  exampleValue: string;
  possibleValues: string;
  /** `additionalProperties`. */
  otherProperties: string;
  /** What a closed nested level unfolds to. */
  showProperties: string;
  showItemProperties: string;
  showItems: string;
  oneOf: string;
  anyOf: string;
  allOf: string;
  /** `{variants}`: one of the three above; `{property}`: the discriminator, as code. */
  discriminatedBy: string;
  /** `{type}`: the schema shown higher up. */
  circular: string;
  truncated: string;
  /** An OpenAPI block whose spec is not loaded: the link to the spec, and schema names. */
  specification: string;
  specificationNamed: string;
  schemas: string;
  /** `{% prompt defaultExpanded="partial" %}`. */
  showMore: string;
  showLess: string;
  /** A prompt's links to an assistant, where the page's actions offer assistants. */
  openInChatGpt: string;
  openInClaude: string;
  /** A `{% tab %}` without a title; `{n}` is its position. */
  tab: string;
  /** A rating cell's accessible name. */
  rating: string;
  /** A video embed's frame title; `{provider}` is YouTube, Vimeo… */
  video: string;
}

export const ENGLISH_CONTENT_STRINGS: ContentStrings = {
  authorization: 'Authorization',
  pathParameters: 'Path parameters',
  queryParameters: 'Query parameters',
  headerParameters: 'Header parameters',
  cookieParameters: 'Cookie parameters',
  parameters: 'Parameters',
  requestBody: 'Request body',
  payload: 'Payload',
  responses: 'Responses',
  callbacks: 'Callbacks',
  links: 'Links',
  codeSamples: 'Code samples',
  examples: 'Examples',
  server: 'Server',
  servers: 'Servers',
  anyOneOf: 'Any one of:',
  withoutCredentials: 'Or without credentials.',
  and: 'and',
  withScopes: '{scheme}: scopes {scopes}',
  required: 'Required',
  headers: 'Headers',
  sameSchema: '(same schema)',
  deprecated: 'Deprecated',
  testIt: 'Test it',
  request: 'Request',
  requestNamed: 'Request: {name}',
  flagRequired: 'required',
  flagNullable: 'nullable',
  flagReadOnly: 'read-only',
  flagWriteOnly: 'write-only',
  flagDeprecated: 'deprecated',
  defaultValue: 'Default: {value}',
  constantValue: 'Constant: {value}',
  exampleValue: 'Example: {value}',
  possibleValues: 'Possible values',
  otherProperties: 'Other properties',
  showProperties: 'Show properties',
  showItemProperties: 'Show item properties',
  showItems: 'Show items',
  oneOf: 'One of',
  anyOf: 'Any of',
  allOf: 'All of',
  discriminatedBy: '{variants}, by {property}',
  circular: 'Circular: {type} is shown above.',
  truncated: 'Nested deeper than shown here.',
  specification: 'OpenAPI specification',
  specificationNamed: 'OpenAPI specification: {spec}',
  schemas: 'Schemas: {names}',
  showMore: 'Show more',
  showLess: 'Show less',
  openInChatGpt: 'Open in ChatGPT',
  openInClaude: 'Open in Claude',
  tab: 'Tab {n}',
  rating: '{value} out of {max}',
  video: '{provider} video',
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** A label with its placeholders replaced by text; an unknown placeholder stays as written. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * A label as mdast, its placeholders replaced by nodes (a value shown as code, say): the
 * translation decides where the value goes. Empty text between them is left out.
 */
export function fillNodes(
  template: string,
  values: Readonly<Record<string, RootContent | RootContent[]>>,
): RootContent[] {
  const out: RootContent[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    if (!Object.hasOwn(values, name)) continue;
    if (match.index > last) out.push(textNode(template.slice(last, match.index)));
    const value = values[name] as RootContent | RootContent[];
    out.push(...(Array.isArray(value) ? value : [value]));
    last = match.index + match[0].length;
  }
  if (last < template.length) out.push(textNode(template.slice(last)));
  return out;
}

function textNode(value: string): RootContent {
  return { type: 'text', value };
}
