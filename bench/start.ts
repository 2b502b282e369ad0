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
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function benchStart(repoRoot: string, runs = 11): StartBench {
  execFileSync('npm', ['run', '--silent', 'build:lib'], { cwd: repoRoot, stdio: 'inherit' });
  const specdelta = timeRuns(repoRoot, pathToFileURL(join(repoRoot, 'bin/specdelta.js')).href, runs);
  const node = timeRuns(repoRoot, 'data:text/javascript,', runs);
  return { runs, wallMs: specdelta.wallMs, cpuMs: specdelta.cpuMs, nodeWallMs: node.wallMs, nodeCpuMs: node.cpuMs };
}

function timeRuns(repoRoot: string, entry: string, runs: number): { wallMs: number; cpuMs: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, [join(repoRoot, 'bench/cpu-of.mjs'), '--version'], {
      env: { ...process.env, SPECDELTA_BENCH_ENTRY: entry },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    walls.push(performance.now() - start);
    if (run.status !== 0) throw new Error(`specdelta --version failed: ${run.stderr}`);
    cpus.push(Number((run.output[3] as string).trim()));
  }
  return { wallMs: median(walls), cpuMs: median(cpus) };
}
