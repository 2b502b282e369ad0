/**
 * Lines the user should see about their input that are not errors (links skipped in a
 * folder, a page-cache entry replaced): the run goes on, and says so once. The CLI and the
 * Action route them to stderr for the length of a run (`withNotices`); a library caller
 * that sets nothing hears nothing, as with every other side channel of the library.
 */

type Sink = (line: string) => void;

let sink: Sink | null = null;
const told = new Set<string>();

/** Says `line` once per run (the same line again is dropped). */
export function tellOnce(line: string): void {
  if (sink === null || told.has(line)) return;
  told.add(line);
  sink(line);
}

/** Runs `run` with notices going to `write`, one line each, and to nowhere after it. */
export async function withNotices<T>(write: Sink, run: () => Promise<T>): Promise<T> {
  const previous = sink;
  sink = write;
  told.clear();
  try {
    return await run();
  } finally {
    sink = previous;
    told.clear();
  }
}
