/**
 * Like `Promise.all`, but waits for every promise before rejecting with the first failure.
 * A failed pull deletes its staging directory: work still in flight would write into it while
 * it is removed (ENOTEMPTY) and hide the error that mattered.
 */
export async function allSettledOrThrow<T>(promises: readonly Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
