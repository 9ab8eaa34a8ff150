import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sampleChildrenMemory } from '../../scripts/bench/process-memory.ts';

/** A child that holds `mib` MiB of touched memory until it is killed. */
function holdingChild(mib: number) {
  const script = `const b = Buffer.alloc(${mib} * 1024 * 1024, 1); process.stdout.write('ready'); setInterval(() => b[0]++, 1000);`;
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

/** CPU seconds the spinning child uses, whatever the machine's load. */
const SPUN_CPU_SECONDS = 0.6;

describe('sampleChildrenMemory', () => {
  it('sums the RSS of the process and its children, and names them at the peak', async () => {
    const memory = sampleChildrenMemory(process.pid, 50);
    const child = holdingChild(200);
    try {
      await once(child.stdout, 'data');
      // A few samples with the child's memory held.
      await new Promise((resolve) => setTimeout(resolve, 400));
    } finally {
      await memory.stop();
      child.kill();
    }
    const own = process.memoryUsage().rss / 1024;
    expect(memory.peakChildrenKiB).toBeGreaterThan(200 * 1024);
    // The tree's peak holds this process too, so it is more than the children alone.
    expect(memory.peakTreeKiB).toBeGreaterThan(memory.peakChildrenKiB + own / 2);
    const held = memory.atPeak.find((process) => process.pid === child.pid);
    expect(held?.kib).toBeGreaterThan(200 * 1024);
    expect(memory.atPeak.map((process) => process.pid)).toContain(process.pid);
    expect(memory.atPeak[0]?.kib).toBeGreaterThanOrEqual(memory.atPeak.at(-1)?.kib ?? 0);
  });

  it('keeps sampling while the main thread is blocked', async () => {
    const memory = sampleChildrenMemory(process.pid, 50);
    // spawnSync holds this thread until the child ends: only a sampler off this thread sees it.
    const script =
      'const b = Buffer.alloc(200 * 1024 * 1024, 1); const end = Date.now() + 600; while (Date.now() < end) b[0]++;';
    spawnSync(process.execPath, ['-e', script], { stdio: 'ignore' });
    await memory.stop();
    expect(memory.peakChildrenKiB).toBeGreaterThan(200 * 1024);
  });

  it("counts a child's CPU seconds, and keeps them once it ended", async () => {
    const memory = sampleChildrenMemory(process.pid, 50);
    // A child that spins until it has used a set amount of CPU (however long a busy machine
    // makes that take), says how much it used in all, then idles until told to end: what the
    // sampler reads of it from then on is that figure.
    const script = `
      const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
      while (used() < ${SPUN_CPU_SECONDS});
      process.stdout.write(String(used()));
      process.stdin.on('end', () => process.exit(0)).resume();`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = once(child, 'exit');
    const [report] = await once(child.stdout, 'data');
    const spun = Number(String(report));
    // Idle for many sampling intervals: a sampler starved for all of them is the only way to
    // miss the child's final figure while it lived.
    await new Promise((resolve) => setTimeout(resolve, 20 * 50));
    child.stdin.end();
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await memory.stop();
    const last = memory.samples.at(-1);
    expect(spun).toBeGreaterThanOrEqual(SPUN_CPU_SECONDS);
    // /proc counts user and system time in ticks of 1/100 s, each rounded down; after its
    // report the child only wrote it and ended.
    expect(last?.childrenCpu).toBeGreaterThan(spun - 0.05);
    expect(last?.childrenCpu).toBeLessThan(spun + 0.1);
    expect(memory.samples[0]?.at).toBeLessThan(last?.at ?? 0);
    expect(last?.treeKiB).toBeGreaterThan(0);
  });
});
