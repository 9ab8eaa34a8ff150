export interface Figure {
  name: string;
  value: number;
  unit: string;
}

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}

/** Wall time of `work` in seconds, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, result };
}
