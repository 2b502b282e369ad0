// Runs the module named by SPECDELTA_BENCH_ENTRY as if it were the script (argv unchanged)
// and, on exit, writes the process's CPU time in ms to fd 3: the bench measures a command's
// own cost, which a shared machine's load does not inflate the way it inflates wall time.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  const { userCPUTime, systemCPUTime } = process.resourceUsage();
  writeSync(3, `${(userCPUTime + systemCPUTime) / 1000}\n`);
});
await import(process.env.SPECDELTA_BENCH_ENTRY);
