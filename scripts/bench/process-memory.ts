import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * Peak memory of a process and of everything it started (Chromium's browser, GPU, renderer and
 * utility processes; Pagefind's indexer), sampled from /proc on Linux: the sum of the processes'
 * RSS at each sample. Shared pages count once per process, so the sum overstates what the
 * machine needs a little; a peak shorter than the sampling interval may be missed.
 *
 * The samples are taken by a worker thread of the calling process, so they go on while its main
 * thread is busy: Astro's build holds the render's event loop for most of the astro phase, and a
 * timer on that loop saw nothing of it. The worker's own memory (a few MiB) counts in the root's.
 */
export interface TreeMemory {
  /** The highest sum of the descendants' RSS seen, in KiB. */
  peakChildrenKiB: number;
  /** The highest sum of the root's and its descendants' RSS seen, in KiB. */
  peakTreeKiB: number;
  /** At that highest sum: each process's id, command name (a thread's, for Node: `MainThread`)
   * and RSS in KiB, largest first. */
  atPeak: { pid: number; name: string; kib: number }[];
  /** Each sample: milliseconds since the epoch, the tree's RSS in KiB, and the CPU seconds the
   * descendants used so far (each one's last reading counts after it ended). */
  samples: { at: number; treeKiB: number; childrenCpu: number }[];
  /** Stops sampling and fills in the figures above. */
  stop(): Promise<void>;
}

type Peaks = Omit<TreeMemory, 'stop'>;

export function sampleChildrenMemory(rootPid: number, everyMs = 200): TreeMemory {
  const worker = new Worker(new URL(import.meta.url), { workerData: { rootPid, everyMs } });
  worker.unref();
  const memory: TreeMemory = {
    peakChildrenKiB: 0,
    peakTreeKiB: 0,
    atPeak: [],
    samples: [],
    stop: async () => {
      const peaks = once(worker, 'message');
      worker.postMessage('stop');
      Object.assign(memory, ((await peaks) as [Peaks])[0]);
      await worker.terminate();
    },
  };
  return memory;
}

/** The sampling loop, in the worker thread. */
function sample(rootPid: number, everyMs: number): void {
  const peaks: Peaks = { peakChildrenKiB: 0, peakTreeKiB: 0, atPeak: [], samples: [] };
  const cpuByPid = new Map<number, number>();
  const timer = setInterval(() => {
    const children = descendants(rootPid).map((pid) => ({
      pid,
      name: commandName(pid),
      kib: rssKiB(pid),
    }));
    for (const { pid } of children) cpuByPid.set(pid, cpuSeconds(pid) ?? cpuByPid.get(pid) ?? 0);
    const childrenKiB = children.reduce((sum, child) => sum + child.kib, 0);
    peaks.peakChildrenKiB = Math.max(peaks.peakChildrenKiB, childrenKiB);
    const root = { pid: rootPid, name: commandName(rootPid), kib: rssKiB(rootPid) };
    if (root.kib + childrenKiB > peaks.peakTreeKiB) {
      peaks.peakTreeKiB = root.kib + childrenKiB;
      peaks.atPeak = [root, ...children].sort((a, b) => b.kib - a.kib);
    }
    let childrenCpu = 0;
    for (const seconds of cpuByPid.values()) childrenCpu += seconds;
    peaks.samples.push({ at: Date.now(), treeKiB: root.kib + childrenKiB, childrenCpu });
  }, everyMs);
  parentPort?.once('message', () => {
    clearInterval(timer);
    parentPort?.postMessage(peaks);
  });
}

if (!isMainThread && workerData?.rootPid) sample(workerData.rootPid, workerData.everyMs);

function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last `)`.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [pid, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(pid);
      queue.push(pid);
    }
  }
  return found;
}

function rssKiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** User and system CPU seconds of a process (`/proc/<pid>/stat`, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}
