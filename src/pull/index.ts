export { PullError } from './errors.ts';
export { terminalProgress } from './progress.ts';
export { type PullOptions, type PullResult, pull } from './pull.ts';
