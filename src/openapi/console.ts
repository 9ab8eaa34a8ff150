/**
 * What the "Test it" console of an operation needs, as plain JSON the page carries inert (a data
 * attribute, never script): the servers with their variables, every parameter with the value it
 * starts with, the credentials each security alternative asks for, and the request body it
 * starts with. Values come from the spec's examples, else its defaults and enums, else the
 * generated sample (`samples.ts`); optional parameters start empty and show theirs as a hint.
 */
import type { OperationView, ParameterView, SchemaNode, ServerView } from './types.ts';

export interface ConsoleData {
  method: string;
  path: string;
  servers: ServerView[];
  parameters: {
    name: string;
    in: ParameterView['in'];
    required: boolean;
    /** What the field starts with (required parameters). */
    value: string;
    /** A hint for an optional one (its example). */
    hint?: string;
  }[];
  /** Alternatives, as in the spec; an empty set means "no credentials" is one of them. */
  security: {
    name: string;
    label: string;
    credential: NonNullable<OperationView['security'][number][number]['credential']>;
  }[][];
  body?: { mediaType: string; value: string };
}

export function consoleData(view: OperationView): ConsoleData {
  const media =
    view.requestBody?.contents.find((c) => c.examples.length > 0) ?? view.requestBody?.contents[0];
  return {
    method: view.method,
    path: view.path,
    servers: view.servers,
    parameters: view.parameters.map((p) => {
      const start = startValue(p);
      return {
        name: p.name,
        in: p.in,
        required: p.required,
        value: p.required ? (start ?? '') : '',
        ...(!p.required && start !== undefined ? { hint: start } : {}),
      };
    }),
    security: view.security.map((set) =>
      set.flatMap((s) =>
        s.credential ? [{ name: s.name, label: s.label, credential: s.credential }] : [],
      ),
    ),
    ...(media
      ? { body: { mediaType: media.mediaType, value: media.examples[0]?.code ?? '' } }
      : {}),
  };
}

function startValue(p: ParameterView): string | undefined {
  const schema: SchemaNode | undefined = p.schema;
  const json = p.example ?? schema?.example ?? schema?.default ?? schema?.const;
  if (json !== undefined) return unquote(json);
  const first = schema?.enum?.[0]?.value;
  return first === undefined ? undefined : unquote(first);
}

/** A JSON string's value, else the JSON text as written (`42`, `true`, `[1,2]`). */
function unquote(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : json;
  } catch {
    return json;
  }
}
