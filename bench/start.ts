import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * CLI start: `specdelta --version` as the README's commands run it from the checkout
 * (bin/specdelta.js, which checks lib/'s build stamp and runs the compiled lib/), timed from
 * process start to exit. The median of several runs, as wall time and as the process's own
 * CPU time (a loaded machine stretches the first only), beside Node's own start: what
 * specdelta adds is the difference.
 */
export interface StartBench {
  runs: number;
  wallMs: number;
  cpuMs: number;
  /** The same for a module that does nothing: Node's own start on this machine, the floor. */
  nodeWallMs: number;
  nodeCpuMs: number;
  /** The median, over alternated pairs of runs, of specdelta's CPU time minus Node's. */
  addedCpuMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function benchStart(repoRoot: string, runs = 11): StartBench {
  execFileSync('npm', ['run', '--silent', 'build:lib'], { cwd: repoRoot, stdio: 'inherit' });
  const specdelta = { walls: [] as number[], cpus: [] as number[] };
  const node = { walls: [] as number[], cpus: [] as number[] };
  const added: number[] = [];
  // Alternated, so both see the same load: the difference of each pair is what specdelta adds.
  for (let i = 0; i < runs; i++) {
    const ours = timeRun(repoRoot, pathToFileURL(join(repoRoot, 'bin/specdelta.js')).href, specdelta);
    const floor = timeRun(repoRoot, 'data:text/javascript,', node);
    added.push(ours - floor);
  }
  return { runs, wallMs: median(specdelta.walls), cpuMs: median(specdelta.cpus), nodeWallMs: median(node.walls), nodeCpuMs: median(node.cpus), addedCpuMs: median(added) };
}

/** One run of `ENTRY --version`; records its wall and CPU time, returns the CPU time. */
function timeRun(repoRoot: string, entry: string, into: { walls: number[]; cpus: number[] }): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, [join(repoRoot, 'bench/cpu-of.mjs'), '--version'], {
    env: { ...process.env, SPECDELTA_BENCH_ENTRY: entry },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  into.walls.push(performance.now() - start);
  if (run.status !== 0) throw new Error(`specdelta --version failed: ${run.stderr}`);
  const cpu = Number((run.output[3] as string).trim());
  into.cpus.push(cpu);
  return cpu;
}
