import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The files the Actions runner reads after a step: its outputs (GITHUB_OUTPUT), its job
 * summary (GITHUB_STEP_SUMMARY), and a file of the whole report in the runner's temporary
 * folder (RUNNER_TEMP) for a later step to keep. Each is skipped when the runner did not
 * name it (a local run, a test that does not ask for it).
 */

type Env = Record<string, string | undefined>;

/**
 * GitHub shows at most 1 MiB of a step's summary (1,048,576 bytes) and drops a larger one
 * whole; kept below it, with room for the sentence saying it was cut.
 */
export const JOB_SUMMARY_LIMIT_BYTES = 1_000_000;

/**
 * Appends the outputs. Each value is written between a random delimiter's lines, as GitHub
 * documents for multi-line values: a value read from elsewhere (a URL from the API) cannot
 * start a line of its own and set another output.
 */
export async function setOutputs(env: Env, outputs: Record<string, string | number>): Promise<void> {
  const file = env['GITHUB_OUTPUT'];
  if (!file) return;
  const text = Object.entries(outputs)
    .map(([name, value]) => {
      const delimiter = `specdelta_${randomBytes(12).toString('hex')}`;
      return `${name}<<${delimiter}\n${String(value).replace(/\r?\n/g, ' ')}\n${delimiter}\n`;
    })
    .join('');
  await appendFile(file, text);
}

/**
 * Writes the report as the step's job summary: whole (true), or cut at a line below the
 * limit with a sentence saying so (false); null when there is no job summary to write.
 */
export async function writeJobSummary(env: Env, report: string, reportFile: string | null): Promise<boolean | null> {
  const file = env['GITHUB_STEP_SUMMARY'];
  if (!file) return null;
  if (Buffer.byteLength(report) <= JOB_SUMMARY_LIMIT_BYTES) {
    await appendFile(file, report);
    return true;
  }
  const note = `\n> [!NOTE]\n> This summary was cut to fit GitHub's 1 MiB limit for a job summary.${reportFile ? ` The whole report is the file the step's \`report-file\` output names (${reportFile}); keep it with actions/upload-artifact.` : ''}\n`;
  const bytes = Buffer.from(report);
  let end = bytes.lastIndexOf(0x0a, JOB_SUMMARY_LIMIT_BYTES - Buffer.byteLength(note));
  if (end <= 0) end = 0;
  // Cut at a newline: never inside a multi-byte character.
  await appendFile(file, `${bytes.subarray(0, end).toString('utf8')}\n${note}`);
  return false;
}

/** Writes the whole report to a file of its own under RUNNER_TEMP; its path, or null without one. */
export async function writeReportFile(env: Env, report: string): Promise<string | null> {
  const temp = env['RUNNER_TEMP'];
  if (!temp) return null;
  const dir = await mkdtemp(join(temp, 'specdelta-'));
  const file = join(dir, 'report.md');
  await writeFile(file, report);
  return file;
}
