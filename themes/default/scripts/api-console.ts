/**
 * The "Test it" console of an API operation, loaded by scripts/operations.ts on the first click
 * of a `button[data-op-try-open]` (never before). One native `<dialog>` per page, filled from the
 * button's `data-op-request` (src/openapi/console.ts: servers, parameters, security, body) with
 * `JSON.parse` and DOM properties only: every string of a spec is text here, never markup.
 *
 * The request goes from the reader's browser with `fetch`. Credentials live in this module's
 * memory for the visit (a `Map`, by security scheme) and are written nowhere else: no storage,
 * no cookie, no URL of the page. A request that gets no readable answer (the network, or the API
 * not allowing this origin by CORS) is said in one sentence. A JSON answer is pretty-printed and
 * highlighted by Shiki with the site's code themes, imported when the first one arrives.
 */
import type { ConsoleData } from '../../../src/openapi/console.ts';
import { loadUiStrings } from '../../../src/view/i18n/load.ts';
import type { UiStrings } from '../../../src/view/view.ts';
// As text, adopted when the console first opens: a stylesheet imported plainly would be linked
// from every page by the build.
import styles from './api-console.css?inline';

type Strings = UiStrings['tryIt'] & Pick<UiStrings['content'], LabelKey> & { closeLabel: string };
type LabelKey =
  | 'authorization'
  | 'server'
  | 'headers'
  | 'pathParameters'
  | 'queryParameters'
  | 'headerParameters'
  | 'cookieParameters'
  | 'requestBody'
  | 'flagRequired';

type Credential = ConsoleData['security'][number][number];

/** What the reader typed for each scheme, for this visit only. */
const credentials = new Map<string, string>();
/** The answer shown longest, in characters: more is cut (and said so). */
const MAX_SHOWN = 200_000;
/** Bodies past this are shown without colours. */
const MAX_HIGHLIGHT = 50_000;

let dialog: HTMLDialogElement | undefined;
let strings: Strings | undefined;
let opener: HTMLElement | undefined;
let sequence = 0;
let inFlight: AbortController | undefined;

export async function openConsole(button: HTMLElement): Promise<void> {
  let data: ConsoleData;
  try {
    data = JSON.parse(button.dataset.opRequest ?? '') as ConsoleData;
  } catch {
    return;
  }
  const ui = await loadUiStrings(document.documentElement.lang);
  strings = {
    ...ui.tryIt,
    authorization: ui.content.authorization,
    server: ui.content.server,
    headers: ui.content.headers,
    pathParameters: ui.content.pathParameters,
    queryParameters: ui.content.queryParameters,
    headerParameters: ui.content.headerParameters,
    cookieParameters: ui.content.cookieParameters,
    requestBody: ui.content.requestBody,
    flagRequired: ui.content.flagRequired,
    closeLabel: ui.tryIt.close,
  };
  opener = button;
  const title =
    button.closest('.op-openapi')?.querySelector('.op-openapi__title')?.textContent?.trim() ??
    `${data.method} ${data.path}`;
  const box = ensureDialog();
  inFlight?.abort();
  box.replaceChildren(...build(data, title, strings));
  box.showModal();
}

function ensureDialog(): HTMLDialogElement {
  if (dialog) return dialog;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  dialog = document.createElement('dialog');
  dialog.className = 'op-console';
  dialog.setAttribute('aria-labelledby', 'op-console-title');
  dialog.addEventListener('close', () => {
    inFlight?.abort();
    opener?.focus();
  });
  // A click on the backdrop (the dialog itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function nextId(): string {
  sequence++;
  return `op-console-${sequence}`;
}

/** A labelled input: `<label for>` and its field. */
function field(
  label: string,
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  note?: string,
): HTMLElement {
  input.id ||= nextId();
  const row = el('div', { class: 'op-console__field' }, [
    el('label', { for: input.id, text: label }),
    input,
  ]);
  if (note) {
    const noteId = nextId();
    row.append(el('p', { class: 'op-console__note', id: noteId, text: note }));
    input.setAttribute('aria-describedby', noteId);
  }
  return row;
}

/** A group's own choice (which server, which credentials): named by its legend, not a second label. */
function groupPicker(select: HTMLSelectElement, legend: HTMLElement): HTMLElement {
  select.id ||= nextId();
  select.setAttribute('aria-labelledby', legend.id);
  return el('div', { class: 'op-console__field' }, [select]);
}

function textInput(value: string, props: Record<string, string> = {}): HTMLInputElement {
  const input = el('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', ...props });
  input.value = value;
  return input;
}

interface Form {
  url: HTMLInputElement;
  params: { spec: ConsoleData['parameters'][number]; input: HTMLInputElement }[];
  auth: () => Credential[];
  body?: { mediaType: string; input: HTMLTextAreaElement };
}

/** Past this many parameters a console gets a filter box and folds each group's optional ones. */
const MANY_PARAMETERS = 12;

const WHERE = ['path', 'query', 'header', 'cookie'] as const;

function build(data: ConsoleData, title: string, s: Strings): Node[] {
  const header = el('header', { class: 'op-console__header' }, [
    el('h2', { id: 'op-console-title', class: 'op-console__title' }, [
      el('span', {
        class: `op-openapi__method op-openapi__method--${data.method.toLowerCase().replace(/[^a-z]/g, '')}`,
        text: data.method,
      }),
      ' ',
      el('span', { text: title }),
    ]),
  ]);
  const close = el('button', {
    type: 'button',
    class: 'op-console__close',
    'aria-label': s.closeLabel,
    text: '×',
  });
  close.addEventListener('click', () => dialog?.close());
  header.append(close);

  const form = el('form', { class: 'op-console__form', novalidate: '' });
  // The inputs scroll; the Send bar below them does not (scripts/api-console.css).
  const inputs = el('div', { class: 'op-console__inputs' });
  const url = textInput('', { type: 'url', inputmode: 'url', required: '' });
  const fields: Form = { url, params: [], auth: () => [] };
  inputs.append(serverPart(data, url, s));
  const auth = authPart(data, s);
  if (auth) {
    inputs.append(auth.part);
    fields.auth = auth.chosen;
  }
  const many = data.parameters.length > MANY_PARAMETERS;
  const groups = parameterGroups(data, s, many, fields);
  if (many) inputs.append(filterBox(groups, s));
  inputs.append(...groups.map((g) => g.set));
  if (data.body) {
    const input = el('textarea', { rows: '8', spellcheck: 'false', class: 'op-console__code' });
    input.value = data.body.value;
    inputs.append(field(`${s.requestBody} (${data.body.mediaType})`, input));
    fields.body = { mediaType: data.body.mediaType, input };
  }
  inputs.append(
    curlPart(data, fields, form),
    el('p', { class: 'op-console__note', text: s.memory }),
  );
  const send = el('button', { type: 'submit', class: 'op-console__send', text: s.send });
  // How the request went, said by a live region that stays in place beside Send (one inserted
  // with its text is not reliably announced); the answer's region shows the same.
  const status = el('p', { class: 'op-console__announce', role: 'status' });
  form.append(inputs, el('div', { class: 'op-console__actions' }, [status, send]));
  // The answer's region, focused when an answer arrives.
  const region = el(
    'section',
    { class: 'op-console__result', tabindex: '-1', 'aria-label': s.response },
    [el('p', { class: 'op-console__waiting', text: s.waiting })],
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(data, fields, { region, status }, send, s);
  });
  return [header, el('div', { class: 'op-console__body' }, [form, region])];
}

/** The request as a curl command, kept in step with the form while it is open. */
function curlPart(data: ConsoleData, fields: Form, form: HTMLFormElement): HTMLElement {
  const code = el('code');
  const part = el('details', { class: 'op-console__curl' }, [
    el('summary', { text: 'curl' }),
    el('pre', { class: 'op-console__code op-console__curl-code', tabindex: '0' }, [code]),
  ]);
  let drawn = 0;
  const draw = async () => {
    if (!part.open || !strings) return;
    const turn = ++drawn;
    const text = await curlOf(data, fields, strings);
    if (turn === drawn) code.textContent = text;
  };
  part.addEventListener('toggle', () => void draw());
  form.addEventListener('input', () => void draw());
  form.addEventListener('change', () => void draw());
  return part;
}

interface ParameterGroup {
  set: HTMLFieldSetElement;
  /** Each input's row with the name the filter matches. */
  rows: { row: HTMLElement; name: string }[];
  optional?: HTMLDetailsElement;
}

/**
 * A fieldset for each place parameters go, as the spec groups them: the required ones first,
 * then the optional ones, folded under their count when the operation has many.
 */
function parameterGroups(
  data: ConsoleData,
  s: Strings,
  fold: boolean,
  fields: Form,
): ParameterGroup[] {
  const titles = {
    path: s.pathParameters,
    query: s.queryParameters,
    header: s.headerParameters,
    cookie: s.cookieParameters,
  } as const;
  const groups: ParameterGroup[] = [];
  for (const where of WHERE) {
    const params = data.parameters.filter((p) => p.in === where);
    if (params.length === 0) continue;
    const set = el('fieldset', { class: 'op-console__group', 'data-op-console-in': where }, [
      el('legend', { text: titles[where] }),
    ]);
    const group: ParameterGroup = { set, rows: [] };
    const required = params.filter((p) => p.required);
    const optional = params.filter((p) => !p.required);
    const row = (spec: ConsoleData['parameters'][number]) => {
      const input = textInput(spec.value, spec.hint ? { placeholder: spec.hint } : {});
      if (spec.required) input.required = true;
      const line = field(spec.required ? `${spec.name} (${s.flagRequired})` : spec.name, input);
      fields.params.push({ spec, input });
      group.rows.push({ row: line, name: spec.name.toLowerCase() });
      return line;
    };
    set.append(...required.map(row));
    if (fold && optional.length > 0) {
      group.optional = el('details', { class: 'op-console__optional' }, [
        el('summary', { text: s.optional.replace('{count}', String(optional.length)) }),
        ...optional.map(row),
      ]);
      set.append(group.optional);
    } else {
      set.append(...optional.map(row));
    }
    groups.push(group);
  }
  return groups;
}

/**
 * Narrows the parameters to those whose name holds the typed text. While it holds text, the
 * optional folds open so a match is never hidden, and close again as they were when it is cleared.
 */
function filterBox(groups: ParameterGroup[], s: Strings): HTMLElement {
  const input = el('input', {
    type: 'search',
    class: 'op-console__filter',
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const none = el('p', { class: 'op-console__note', role: 'status' });
  const wasOpen = new Map<HTMLDetailsElement, boolean>();
  input.addEventListener('input', () => {
    const term = input.value.trim().toLowerCase();
    let shown = 0;
    for (const group of groups) {
      let inGroup = 0;
      for (const { row, name } of group.rows) {
        const match = term === '' || name.includes(term);
        row.hidden = !match;
        if (match) inGroup++;
      }
      group.set.hidden = inGroup === 0;
      shown += inGroup;
      const fold = group.optional;
      if (!fold) continue;
      if (term !== '') {
        if (!wasOpen.has(fold)) wasOpen.set(fold, fold.open);
        fold.open = true;
      } else if (wasOpen.has(fold)) {
        fold.open = wasOpen.get(fold) ?? false;
        wasOpen.delete(fold);
      }
    }
    none.textContent = shown === 0 ? s.noMatch.replace('{term}', input.value.trim()) : '';
  });
  return el('div', { class: 'op-console__filter-box' }, [field(s.filter, input), none]);
}

/** The server picker, its variables, and the URL they make (which the reader may edit). */
function serverPart(data: ConsoleData, url: HTMLInputElement, s: Strings): HTMLElement {
  const legend = el('legend', { id: nextId(), text: s.server });
  const part = el('fieldset', { class: 'op-console__group' }, [legend]);
  const variables = el('div', { class: 'op-console__variables' });
  const values = new Map<string, string>();
  const select = el('select');
  data.servers.forEach((server, i) => {
    const option = el('option', {
      value: String(i),
      text: server.description ? `${server.url} — ${server.description}` : server.url,
    });
    select.append(option);
  });
  const fill = () => {
    const server = data.servers[Number(select.value)] ?? data.servers[0];
    if (!server) return;
    url.value = (server.template ?? server.url).replace(
      /\{([^}]+)\}/g,
      (whole, name: string) => values.get(name) ?? whole,
    );
  };
  const showVariables = () => {
    const server = data.servers[Number(select.value)];
    variables.replaceChildren();
    for (const variable of server?.variables ?? []) {
      if (!values.has(variable.name)) values.set(variable.name, variable.default);
      const input = textInput(values.get(variable.name) ?? '');
      if (variable.enum) {
        const list = el('datalist', { id: nextId() });
        for (const value of variable.enum) list.append(el('option', { value }));
        input.setAttribute('list', list.id);
        variables.append(list);
      }
      input.addEventListener('input', () => {
        values.set(variable.name, input.value);
        fill();
      });
      variables.append(field(variable.name, input, variable.description));
    }
    fill();
  };
  select.addEventListener('change', showVariables);
  if (data.servers.length > 1) part.append(groupPicker(select, legend));
  part.append(variables, field(s.url, url));
  showVariables();
  return part;
}

/** The credentials of the chosen security alternative, remembered for the visit. */
function authPart(
  data: ConsoleData,
  s: Strings,
): { part: HTMLElement; chosen: () => Credential[] } | undefined {
  const alternatives = data.security;
  if (alternatives.length === 0 || alternatives.every((set) => set.length === 0)) return undefined;
  const legend = el('legend', { id: nextId(), text: s.authorization });
  const part = el('fieldset', { class: 'op-console__group' }, [legend]);
  const inputs = el('div');
  const select = el('select');
  alternatives.forEach((set, i) => {
    select.append(
      el('option', {
        value: String(i),
        text:
          set.length === 0 ? s.noCredentials : set.map((c) => `${c.name} (${c.label})`).join(' + '),
      }),
    );
  });
  const current = () => alternatives[Number(select.value)] ?? [];
  const show = () => {
    inputs.replaceChildren();
    for (const credential of current()) {
      const kind = credential.credential.kind;
      const remember = (key: string, input: HTMLInputElement) => {
        input.value = credentials.get(key) ?? '';
        input.addEventListener('input', () => credentials.set(key, input.value));
        return input;
      };
      const secret = (key: string) =>
        remember(key, el('input', { type: 'password', autocomplete: 'off', spellcheck: 'false' }));
      if (kind === 'basic') {
        inputs.append(
          field(
            `${credential.name}: ${s.username}`,
            remember(`${credential.name}\0user`, textInput('')),
          ),
          field(`${credential.name}: ${s.password}`, secret(`${credential.name}\0password`)),
        );
      } else {
        const label = kind === 'apiKey' ? s.apiKey : s.token;
        inputs.append(
          field(`${credential.name}: ${label}`, secret(credential.name), credential.label),
        );
      }
    }
  };
  select.addEventListener('change', show);
  if (alternatives.length > 1) part.append(groupPicker(select, legend));
  part.append(inputs);
  show();
  return { part, chosen: current };
}

/** A request the form describes: the URL, what `fetch` takes, and its headers as spelled. */
interface Described {
  url: string;
  init: RequestInit & { headers: Headers };
  /** Each header's name as the spec spells it, by its lower-case form. */
  spelled: Map<string, string>;
}

/**
 * The request the form describes, or why it cannot be sent. With `mask`, each credential is
 * written as `mask` makes it of its kind's label (for a curl command on screen).
 */
function request(
  data: ConsoleData,
  form: Form,
  s: Strings,
  mask?: (label: string) => string,
): Described | { error: string } {
  let path = data.path;
  const query = new URLSearchParams();
  const headers = new Headers();
  const spelled = new Map<string, string>();
  const header = (name: string, value: string) => {
    if (safeHeader(headers, name, value)) spelled.set(name.toLowerCase(), name);
  };
  const secret = (key: string, label: string) => {
    const value = credentials.get(key) ?? '';
    return value && mask ? mask(label) : value;
  };
  const cookies: string[] = [];
  for (const { spec, input } of form.params) {
    const value = input.value;
    if (value === '' && !spec.required) continue;
    if (spec.in === 'path') path = path.split(`{${spec.name}}`).join(encodeURIComponent(value));
    else if (spec.in === 'query') query.append(spec.name, value);
    else if (spec.in === 'header') header(spec.name, value);
    else cookies.push(`${spec.name}=${encodeURIComponent(value)}`);
  }
  for (const c of form.auth()) {
    const credential = c.credential;
    if (credential.kind === 'bearer') {
      const token = secret(c.name, s.token);
      if (token) header('Authorization', `Bearer ${token}`);
    } else if (credential.kind === 'basic') {
      const user = credentials.get(`${c.name}\0user`) ?? '';
      const password = credentials.get(`${c.name}\0password`) ?? '';
      if (user || password)
        header(
          'Authorization',
          `Basic ${mask ? mask(`${s.username}:${s.password}`) : base64(`${user}:${password}`)}`,
        );
    } else {
      const key = secret(c.name, s.apiKey);
      if (!key) continue;
      if (credential.in === 'header') header(credential.name, key);
      else if (credential.in === 'query') query.append(credential.name, key);
      else cookies.push(`${credential.name}=${encodeURIComponent(key)}`);
    }
  }
  // Browsers do not let a page send a Cookie header; same-site APIs get the page's cookies.
  void cookies;
  let target: URL;
  try {
    target = new URL(form.url.value.trim().replace(/\/+$/, '') + path);
  } catch {
    return { error: s.badUrl };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { error: s.badUrl };
  for (const [key, value] of query) target.searchParams.append(key, value);
  const init: Described['init'] = { method: data.method, headers };
  if (form.body && !['GET', 'HEAD'].includes(data.method)) {
    init.body = form.body.input.value;
    if (!headers.has('Content-Type')) header('Content-Type', form.body.mediaType);
  }
  return { url: target.href, init, spelled };
}

/**
 * The curl command of the request the form describes, credentials masked, JSON body indented
 * (src/openapi/curl.ts, imported when the reader first opens it).
 */
async function curlOf(data: ConsoleData, form: Form, s: Strings): Promise<string> {
  const built = request(data, form, s, (label) => `<${label}>`);
  if ('error' in built) return built.error;
  const { curlCommand } = await import('../../../src/openapi/curl.ts');
  const headers = [...built.init.headers].map(([name, value]) => ({
    name: built.spelled.get(name) ?? name,
    value,
  }));
  const body = typeof built.init.body === 'string' ? built.init.body : undefined;
  return curlCommand({
    method: data.method,
    url: built.url,
    headers,
    ...(body !== undefined && form.body
      ? { postData: { mimeType: form.body.mediaType, text: body } }
      : {}),
  });
}

function safeHeader(headers: Headers, name: string, value: string): boolean {
  try {
    headers.set(name, value);
    return true;
  } catch {
    // A name or value no header may have: left out.
    return false;
  }
}

function base64(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

interface Result {
  /** Shows the answer, or why there is none. */
  region: HTMLElement;
  /** The live region that says how the request went. */
  status: HTMLElement;
}

async function run(
  data: ConsoleData,
  form: Form,
  result: Result,
  send: HTMLButtonElement,
  s: Strings,
): Promise<void> {
  const built = request(data, form, s);
  if ('error' in built) {
    result.region.replaceChildren(
      el('p', { class: 'op-console__error', role: 'alert', text: built.error }),
    );
    form.url.focus();
    return;
  }
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  send.disabled = true;
  send.textContent = s.sending;
  result.status.textContent = s.sending;
  result.region.setAttribute('aria-busy', 'true');
  const started = performance.now();
  try {
    const response = await fetch(built.url, { ...built.init, signal: controller.signal });
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    const line = await showResponse(result.region, response, text, ms, s);
    result.status.textContent = `${s.response}: ${line}`;
  } catch (error) {
    if (controller.signal.aborted) return;
    void error;
    // Said as an alert, which screen readers announce at once; the status stays quiet.
    result.status.textContent = '';
    result.region.replaceChildren(
      el('p', {
        class: 'op-console__error',
        role: 'alert',
        text: s.failed.replace('{origin}', location.origin),
      }),
    );
  } finally {
    if (inFlight === controller) inFlight = undefined;
    send.disabled = false;
    send.textContent = s.send;
    result.region.removeAttribute('aria-busy');
  }
  if (!controller.signal.aborted) reveal(result.region);
}

/**
 * Brings the answer to the reader: its region scrolled to its top and focused, in the dialog's
 * right half on a wide screen, below the Send bar on a narrow one (its scroll margin keeps the
 * bar in sight, scripts/api-console.css).
 */
function reveal(region: HTMLElement): void {
  region.scrollTop = 0;
  region.scrollIntoView({ block: 'start', behavior: 'instant' });
  region.focus({ preventScroll: true });
}

async function showResponse(
  result: HTMLElement,
  response: Response,
  text: string,
  ms: number,
  s: Strings,
): Promise<string> {
  const band = Math.floor(response.status / 100);
  const status = el('p', { class: 'op-console__status' }, [
    el('span', {
      class: `op-openapi__status op-openapi__status--${band >= 1 && band <= 5 ? `${band}xx` : 'default'}`,
      text: `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    }),
    ' ',
    el('span', { class: 'op-console__time', text: s.duration.replace('{ms}', String(ms)) }),
  ]);
  const list = el('dl', { class: 'op-console__headers' });
  for (const [name, value] of response.headers) {
    list.append(el('dt', { text: name }), el('dd', { text: value }));
  }
  const headers = el('details', {}, [el('summary', { text: s.headers }), list]);
  const type = response.headers.get('content-type') ?? '';
  let shown = text;
  let json = false;
  if (/\bjson\b/i.test(type) || /^\s*[{[]/.test(text)) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
      json = true;
    } catch {
      // Not JSON after all: shown as it came.
    }
  }
  if (shown.length > MAX_SHOWN) shown = `${shown.slice(0, MAX_SHOWN)}\n…`;
  const code = el('code');
  const pre = el(
    'pre',
    { class: 'op-console__code op-console__response-body', tabindex: '0', 'aria-label': s.body },
    [code],
  );
  if (shown === '') code.textContent = s.empty;
  else if (json && shown.length <= MAX_HIGHLIGHT) await highlightJson(code, shown);
  else code.textContent = shown;
  result.replaceChildren(
    el('h3', { class: 'op-console__result-title', text: s.response }),
    status,
    headers,
    pre,
  );
  return status.textContent ?? '';
}

/** Shiki's tokens for JSON with the site's code themes, as spans whose text is set as text. */
async function highlightJson(code: HTMLElement, text: string): Promise<void> {
  try {
    const { highlightTokens } = await import('./api-console-highlight.ts');
    const lines = await highlightTokens(text);
    lines.forEach((line, i) => {
      if (i > 0) code.append('\n');
      for (const token of line) {
        const span = document.createElement('span');
        span.textContent = token.content;
        if (token.light) span.style.setProperty('--op-token-light', token.light);
        if (token.dark) span.style.setProperty('--op-token-dark', token.dark);
        code.append(span);
      }
    });
  } catch {
    code.textContent = text;
  }
}
