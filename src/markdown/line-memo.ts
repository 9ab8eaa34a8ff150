/**
 * Tokenized lines remembered by what they were tokenized from. A TextMate grammar reads code a
 * line at a time, and a line's tokens and the state it leaves depend on nothing but its text and
 * the state the previous line left. Documentation repeats lines (imports, client set-up, closing
 * braces, the same `curl` flags) across code blocks and pages, so a line already seen in the same
 * state is looked up rather than run through the grammar's regular expressions again.
 *
 * States are interned: equal states (by vscode-textmate's own serialization, `toStateStackFrame`,
 * the frames it persists a state as) get one number and one canonical object, which also starts
 * the next line, so that later lookups find it by identity.
 */
import { INITIAL, type StateStack, type StateStackImpl } from 'shiki/textmate';

/** A state's number in its memo; `0` is the state before the first line. */
export type StateId = number;

export interface RememberedLine<T> {
  value: T;
  end: StateId;
}

export interface LineMemoLimits {
  /** Lines kept; past this, the oldest half is dropped. */
  lines: number;
  /** States kept; past this, everything is dropped when the next block starts. */
  states: number;
}

const DEFAULT_LIMITS: LineMemoLimits = { lines: 20_000, states: 5_000 };

export class LineMemo<T> {
  readonly #limits: LineMemoLimits;
  #lines = new Map<string, RememberedLine<T>>();
  #states: StateStack[] = [INITIAL];
  #idByKey = new Map<string, StateId>();
  #idByState = new WeakMap<StateStack, StateId>([[INITIAL, 0]]);

  constructor(limits: LineMemoLimits = DEFAULT_LIMITS) {
    this.#limits = limits;
  }

  /** Called before a block's first line: the only moment states may be forgotten. */
  startBlock(): void {
    if (this.#states.length <= this.#limits.states) return;
    this.#lines.clear();
    this.#states = [INITIAL];
    this.#idByKey.clear();
    this.#idByState = new WeakMap([[INITIAL, 0]]);
  }

  state(id: StateId): StateStack {
    const state = this.#states[id];
    if (!state) throw new Error(`unknown grammar state ${id}`);
    return state;
  }

  lookup(start: StateId, line: string): RememberedLine<T> | undefined {
    return this.#lines.get(`${start}\u0000${line}`);
  }

  remember(start: StateId, line: string, value: T, end: StateId): void {
    if (this.#lines.size >= this.#limits.lines) {
      // Map iteration is insertion order: drop the older half.
      let drop = this.#lines.size >> 1;
      for (const key of this.#lines.keys()) {
        if (drop-- <= 0) break;
        this.#lines.delete(key);
      }
    }
    this.#lines.set(`${start}\u0000${line}`, { value, end });
  }

  /** The number of a state a line left, the same for every equal state. */
  intern(state: StateStack): StateId {
    const known = this.#idByState.get(state);
    if (known !== undefined) return known;
    const key = stateKey(state);
    let id = this.#idByKey.get(key);
    if (id === undefined) {
      id = this.#states.length;
      this.#states.push(state);
      this.#idByKey.set(key, id);
    }
    this.#idByState.set(state, id);
    return id;
  }
}

/** A state as the frames vscode-textmate serializes it to (rule, end rule, scopes per level). */
function stateKey(state: StateStack): string {
  // Every state vscode-textmate hands out is a StateStackImpl (the class is typed, not exported).
  const frames: unknown[] = [];
  for (let frame: StateStackImpl | null = state as StateStackImpl; frame; frame = frame.parent)
    frames.push(frame.toStateStackFrame());
  return JSON.stringify(frames);
}
