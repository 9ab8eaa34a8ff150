/** The messages between pagefind-sandbox.ts (the main thread) and sandbox-thread.ts. */

export type ToThread =
  | { kind: 'call'; id: number; instance: string; method: string; args: unknown[] }
  | { kind: 'file'; id: number; bytes?: Uint8Array; error?: string };

export type FromThread =
  | { kind: 'ready' }
  | { kind: 'failed'; error: string }
  | { kind: 'read'; id: number; path: string }
  | { kind: 'log'; line: string }
  | { kind: 'answer'; id: number; result?: unknown; error?: string };
