import cliProgress from 'cli-progress';
import type { Writable } from 'node:stream';

/** What became of one item: fetching (fetched/unchanged/failed) or checking (unchanged/changed/gone/failed). */
type ItemOutcome = 'fetched' | 'unchanged' | 'failed' | 'changed' | 'gone';

/** Where the pipeline tells what it is doing. */
export interface Progress {
  start(total: number): void;
  /** One item finished. */
  item(label: string, outcome: ItemOutcome, detail?: string): void;
  /** A retry is about to wait. */
  retry(label: string, message: string): void;
  stop(): void;
}

export const silentProgress: Progress = { start() {}, item() {}, retry() {}, stop() {} };

type Stream = Writable & { isTTY?: boolean; columns?: number };

/**
 * A bar on a terminal; plain lines (one per item) otherwise; nothing with `quiet`.
 * `hide` leaves out plain lines for some outcomes (a drift check lists only what differs).
 */
export function createProgress(stream: Stream, options: { quiet?: boolean; verb?: string; hide?: readonly ItemOutcome[] } = {}): Progress {
  if (options.quiet) return silentProgress;
  return stream.isTTY ? barProgress(stream, options.verb ?? 'fetching') : lineProgress(stream, options.hide ?? []);
}

function lineProgress(stream: Stream, hide: readonly ItemOutcome[]): Progress {
  let done = 0;
  let total = 0;
  const width = () => String(total).length;
  return {
    start(n) {
      total = n;
    },
    item(label, outcome, detail) {
      done += 1;
      if (hide.includes(outcome)) return;
      const count = `[${String(done).padStart(width())}/${total}]`;
      stream.write(`${count} ${outcome.padEnd(9)} ${label}${detail ? `: ${detail}` : ''}\n`);
    },
    retry(label, message) {
      stream.write(`${' '.repeat(width() * 2 + 3)} retrying  ${label}: ${message}\n`);
    },
    stop() {},
  };
}

function barProgress(stream: Stream, verb: string): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream: stream as unknown as NodeJS.WritableStream,
      format: `${verb} [{bar}] {value}/{total} {label}`,
      barsize: 24,
      hideCursor: true,
      clearOnComplete: true,
      linewrap: false,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const failures: string[] = [];
  let active = false;
  return {
    start(n) {
      bar.start(n, 0, { label: '' });
      active = true;
    },
    item(label, outcome, detail) {
      if (outcome === 'failed') failures.push(`failed    ${label}${detail ? `: ${detail}` : ''}`);
      bar.increment(1, { label });
    },
    retry(label) {
      bar.update({ label: `${label} (retrying)` });
    },
    stop() {
      if (active) bar.stop();
      active = false;
      for (const line of failures) stream.write(`${line}\n`);
    },
  };
}
