/**
 * What `src/openapi` reads and what it produces. Specs are untrusted and often loose, so the
 * document is typed as plain JSON and read member by member (`read.ts`); the views are plain
 * data (JSON, structured-cloneable) that the markdown renderer and the `.md` copies lay out.
 */

export type JsonObject = { [key: string]: unknown };

/** An OpenAPI 3.1 document after `load.ts` (bundled, upgraded); every member may be missing. */
export type OpenapiDocument = JsonObject;

/** One schema as a tree a reader unfolds: a property, an array's items, a variant. */
export interface SchemaNode {
  /** The property name, for a property. */
  name?: string;
  /** What it is, as shown: `string`, `integer · int64`, `array of Mission`, `Mission`… */
  type: string;
  /** The component the schema came from (`#/components/schemas/Mission` → `Mission`). */
  refName?: string;
  title?: string;
  description?: string;
  required?: boolean;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  /** Allowed values, with `x-enumDescriptions` where the spec gives them. */
  enum?: { value: string; description?: string }[];
  /** `default`, `example`/`examples[0]`, `const`, as JSON text. */
  default?: string;
  example?: string;
  const?: string;
  /** Bounds and patterns, as shown: `>= 1`, `<= 100`, `pattern ^msn_`, `max length 64`… */
  constraints?: string[];
  properties?: SchemaNode[];
  /** An array's items. */
  items?: SchemaNode;
  /** `additionalProperties` that is a schema. */
  additional?: SchemaNode;
  /** `oneOf` / `anyOf` (and `allOf` parts that are not all objects). */
  variants?: {
    kind: 'oneOf' | 'anyOf' | 'allOf';
    /** `discriminator.propertyName`. */
    discriminator?: string;
    options: SchemaNode[];
  };
  /** A schema already shown above this one: named, not expanded again. */
  circular?: boolean;
  /** Deeper than the tree is shown. */
  truncated?: boolean;
}

export interface ParameterView {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema?: SchemaNode;
  example?: string;
}

export interface ExampleView {
  /** The example's name in the spec, or `Example` for a generated one. */
  label: string;
  /** `json`, `xml` or `text`: how to show it. */
  lang: string;
  code: string;
  generated: boolean;
}

export interface MediaView {
  mediaType: string;
  schema?: SchemaNode;
  examples: ExampleView[];
}

export interface ResponseView {
  status: string;
  description?: string;
  headers: ParameterView[];
  contents: MediaView[];
  /** The response's `links`: operations a client may call next with values from it. */
  links: LinkView[];
}

/** A response link (OpenAPI `links`): which operation, and what it is given from the exchange. */
export interface LinkView {
  /** The link's name in the response (`GetMission`). */
  name: string;
  /** The target as the spec names it: its `operationId`, else its `operationRef`. */
  target?: string;
  /** The target's method and path, when the spec has that operation. */
  operation?: { method: string; path: string };
  /** Markdown, as the spec wrote it. */
  description?: string;
  /** Each parameter of the target and the runtime expression (or value) it gets. */
  parameters: { name: string; value: string }[];
  /** The target's request body, as an expression or a JSON value. */
  requestBody?: string;
}

/**
 * One request of an operation's `callbacks`: one the API sends to a URL the client gave it
 * (the key, a runtime expression such as `{$request.body#/callbackUrl}`).
 */
export interface CallbackView {
  /** The callback's name in the operation (`missionStateChanged`). */
  name: string;
  /** The URL expression, as written. */
  url: string;
  /** Upper case: `POST`… */
  method: string;
  summary?: string;
  /** Markdown, as the spec wrote it. */
  description?: string;
  requestBody?: { description?: string; required: boolean; contents: MediaView[] };
  responses: ResponseView[];
}

export interface SecurityView {
  /** The scheme's name in `components.securitySchemes`. */
  name: string;
  /** As shown: `HTTP bearer`, `API key in header X-Api-Key`, `OAuth 2.0`… */
  label: string;
  scopes: string[];
  description?: string;
  /** The header a request sends to authenticate with this scheme, with a placeholder value. */
  header?: { name: string; value: string };
  /** What the "Test it" console asks for: a token (bearer, OAuth 2.0 and OpenID Connect as a
   * pasted token), a user and password, or an API key sent as the named header, query
   * parameter or cookie. Absent for schemes a browser cannot send (mutual TLS). */
  credential?:
    | { kind: 'bearer' }
    | { kind: 'basic' }
    | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string };
}

export interface ServerView {
  /** With its variables at their defaults. */
  url: string;
  description?: string;
  /** The URL as the spec writes it (`https://{region}.acme.example`), when it has variables. */
  template?: string;
  variables?: { name: string; default: string; enum?: string[]; description?: string }[];
}

export interface CodeSampleView {
  label: string;
  /** A Shiki language id (`shell`, `javascript`, `python`, `go`…). */
  lang: string;
  code: string;
}

export interface OperationView {
  kind: 'operation' | 'webhook';
  /** Upper case: `GET`, `POST`… */
  method: string;
  /** The path (`/v2/missions/{missionId}`) or, for a webhook, its name. */
  path: string;
  operationId?: string;
  summary?: string;
  /** Markdown, as the spec wrote it. */
  description?: string;
  deprecated: boolean;
  /** `x-stability` (`experimental`, `beta`, `alpha`…). */
  stability?: string;
  servers: ServerView[];
  /** Alternatives: any one of them (each a set of schemes used together) is enough. */
  security: SecurityView[][];
  parameters: ParameterView[];
  requestBody?: { description?: string; required: boolean; contents: MediaView[] };
  responses: ResponseView[];
  /** The requests the API sends back to the client because of this operation. */
  callbacks: CallbackView[];
  samples: CodeSampleView[];
  /** The "Test it" console is offered: an operation with a server, and neither the operation nor
   * the document says `x-hideTryItPanel: true`. */
  tryIt: boolean;
}

export interface SchemaView {
  name: string;
  description?: string;
  schema: SchemaNode;
  examples: ExampleView[];
}

/** A spec as the renderer gets it: loaded, or why not. */
export type SpecLookup =
  | { ok: true; document: OpenapiDocument; unresolved: string[] }
  | { ok: false; reason: string };

/** What the markdown renderer asks for specs (`SpecLibrary` implements it). */
export interface SpecProvider {
  get(key: `file:${string}:${string}` | `url:${string}` | `name:${string}`): Promise<SpecLookup>;
}
