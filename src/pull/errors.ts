/** A pull that cannot go on, for a reason the user can act on: the message says what to do. */
export class PullError extends Error {
  override readonly name = 'PullError';
}
