import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { failingChanges, IMPACTS, type Impact } from '../changes/index.ts';
import { parseSpecConfig, type SpecConfig } from '../config/index.ts';
import { InputError } from '../core/errors.ts';
import { gitFile, gitTree } from '../input/git-tree.ts';
// The library's own report of two revisions (what src/index.ts's diffRevisions returns), not the CLI's modules.
import { reportRevisions } from '../report/revision-report.ts';
import { commentMarker, fullReport, sectionsCommentBody, type CommentContext, type CommentSection } from './comment.ts';
import { gitHubClient, type IssueComment } from './github.ts';
import { parseSpecPaths } from './paths.ts';
import { setOutputs, writeJobSummary, writeReportFile } from './runner-files.ts';

/**
 * The GitHub Action (action.yml, bundled into action/dist/index.mjs): on a pull_request
 * event, diff each configured spec folder (and its schema; see paths.ts) at the pull
 * request's base commit against its head commit, read from the checkout's git objects, with
 * the library's own functions; post the Markdown report as one comment (a section per
 * folder), or update the comment an earlier run posted (its marker, and written by the
 * identity this token belongs to); write the whole report to the job summary; set the counts
 * summed over the folders as step outputs; exit 1 when a change in any of them is at or
 * above `fail-on`.
 *
 * Settings arrive as the Actions runner passes inputs: INPUT_SPEC, INPUT_SCHEMA,
 * INPUT_FAIL-ON, INPUT_TOKEN, INPUT_COMMENT ("false": only outputs), INPUT_COMMENT-AUTHOR,
 * plus the runner's GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL,
 * GITHUB_SERVER_URL, GITHUB_RUN_ID, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
 * RUNNER_TEMP.
 */

/** What the Action touches outside its inputs: the CLI's CommandIO fits it, and so does the process. */
export interface ActionIO {
  cwd: string;
  stdout: Writable;
  stderr: Writable;
  env: Record<string, string | undefined>;
}

export type ActionExit = 0 | 1 | 2;

/** Whose comments the Action may edit when the token is the workflow's own (GITHUB_TOKEN). */
const WORKFLOW_TOKEN_AUTHOR = 'github-actions[bot]';

interface PullRequestEvent {
  pull_request?: { number: number; base: { sha: string; ref?: string }; head: { sha: string; ref?: string } };
}

export async function runAction(io: ActionIO): Promise<ActionExit> {
  const env = io.env;
  // The runner names a JavaScript action's inputs INPUT_FAIL-ON; a composite step's env cannot hold '-', so INPUT_FAIL_ON too.
  const input = (name: string) => (env[`INPUT_${name.toUpperCase()}`] ?? env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`])?.trim() || undefined;
  const required = (name: string, what: string) => {
    const value = env[name]?.trim();
    if (!value) throw new InputError(`${name} is not set: ${what}.`);
    return value;
  };

  const eventName = env['GITHUB_EVENT_NAME'];
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') {
    io.stdout.write(`specdelta: nothing to do for a ${eventName ?? 'unknown'} event; run this action on pull_request.\n`);
    return 0;
  }
  const pr = await readPullRequest(required('GITHUB_EVENT_PATH', 'the runner sets it to the event payload'));

  const paths = parseSpecPaths(input('spec'), input('schema'));
  const failOn = input('fail-on') as Impact | undefined;
  if (failOn && !IMPACTS.includes(failOn)) throw new InputError(`the input \`fail-on\` is "${failOn}"; use one of ${IMPACTS.join(', ')}, or leave it empty.`);
  const workspace = resolve(io.cwd, env['GITHUB_WORKSPACE'] ?? '.');

  // Both commits must be in the checkout: actions/checkout with fetch-depth: 0.
  const sections: CommentSection[] = [];
  for (const { spec, schema } of paths) {
    const side = (sha: string, label: string) => gitTree(workspace, sha, { spec, schema, label, cwd: io.cwd });
    // One side after the other: when both fail, the base's problem is the one reported.
    const oldTree = await side(pr.base.sha, pr.base.ref ?? pr.base.sha.slice(0, 7));
    const newTree = await side(pr.head.sha, pr.head.ref ?? pr.head.sha.slice(0, 7));
    const config = await baseConfig(workspace, pr.base.sha, input('config') ?? defaultConfigPath(spec), input('config') !== undefined);
    sections.push({ spec, ...(schema ? { schema } : {}), report: await reportRevisions(oldTree, newTree, { config }) });
  }
  const grouped = sections.flatMap((s) => s.report.grouped);
  const summary = Object.fromEntries(IMPACTS.map((impact) => [impact, sections.reduce((n, s) => n + s.report.summary.impact[impact], 0)])) as Record<Impact, number>;
  const records = sections.reduce((n, s) => n + s.report.changes.length, 0);

  // The whole report goes where a cut comment points: the job summary, and a file later steps may keep.
  const context = commentContext(env);
  const report = fullReport(sections, context);
  const reportFile = await writeReportFile(env, report);
  const summaryWhole = await writeJobSummary(env, report, reportFile);
  if (summaryWhole !== null) context.fullReportAt = fullReportPlace(env, summaryWhole, reportFile);

  let commentUrl = '';
  if (input('comment') !== 'false') {
    const github = gitHubClient(env['GITHUB_API_URL'] ?? 'https://api.github.com', required('GITHUB_REPOSITORY', 'the runner sets it to OWNER/REPO'), input('token') ?? required('GITHUB_TOKEN', 'pass `token` to the action'));
    const body = sectionsCommentBody(sections, undefined, context);
    const author = input('comment-author') ?? (await github.tokenLogin()) ?? WORKFLOW_TOKEN_AUTHOR;
    const existing = (await github.listComments(pr.number)).find(isOurs(commentMarker(paths.map((p) => p.spec)), author));
    const comment = existing ? await github.updateComment(existing.id, body) : await github.createComment(pr.number, body);
    commentUrl = comment.html_url;
    io.stdout.write(`specdelta: ${existing ? 'updated' : 'posted'} ${commentUrl}\n`);
  }

  // Summed over the paths, as one pull request's delta: changes, not records, as every report counts.
  const counted = grouped.filter((c) => !c.informative);
  io.stdout.write(`specdelta: ${IMPACTS.map((impact) => `${summary[impact]} ${impact}`).join(', ')} changes (${records} records)\n`);
  await setOutputs(env, { ...summary, total: counted.length, acknowledged: counted.filter((c) => c.acknowledged).length, records, 'comment-url': commentUrl, 'report-file': reportFile ?? '' });
  return failOn && failingChanges(grouped, failOn).length > 0 ? 1 : 0;
}

/** The spec's config beside its folder: `specdelta.config.json` in the folder's parent (where the CLI looks beside revision folders). */
function defaultConfigPath(spec: string): string {
  const parent = spec.replace(/\/+$/, '').split('/').slice(0, -1).join('/');
  return parent ? `${parent}/specdelta.config.json` : 'specdelta.config.json';
}

/**
 * The config as the base commit has it: the reviewed list of acknowledged changes and the
 * impacts the project chose live in the repository, and a pull request cannot acknowledge
 * its own changes by editing them. A config named by the \`config\` input must exist there.
 */
async function baseConfig(workspace: string, base: string, path: string, named: boolean): Promise<SpecConfig | undefined> {
  const text = await gitFile(workspace, base, path);
  if (text === null) {
    if (named) throw new InputError(`the input \`config\` names ${path}, which does not exist at the pull request's base commit.`);
    return undefined;
  }
  return parseSpecConfig(text, `${path} (at the base commit)`);
}

/**
 * The comment an earlier run posted: it carries this set of folders' marker at its start
 * AND was written by the identity the token belongs to. A comment that only starts with the
 * marker (a person's, pasted or quoted) is never edited.
 */
function isOurs(marker: string, author: string): (comment: IssueComment) => boolean {
  return (comment) => comment.user !== null && comment.user.login.toLowerCase() === author.toLowerCase() && comment.body.startsWith(marker);
}

async function readPullRequest(eventPath: string): Promise<NonNullable<PullRequestEvent['pull_request']>> {
  let event: PullRequestEvent;
  try {
    event = JSON.parse(await readFile(eventPath, 'utf8')) as PullRequestEvent;
  } catch (error) {
    throw new InputError(`the event payload ${eventPath} cannot be read as JSON (${(error as Error).message}).`);
  }
  const pr = event?.pull_request;
  const sha = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(value);
  if (!pr || !sha(pr.base?.sha) || !sha(pr.head?.sha) || !Number.isSafeInteger(pr.number) || pr.number <= 0) {
    throw new InputError(`the event payload ${eventPath} has no pull_request with a number and base and head commits.`);
  }
  const ref = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { number: pr.number, base: { sha: pr.base.sha, ref: ref(pr.base.ref) }, head: { sha: pr.head.sha, ref: ref(pr.head.ref) } };
}

function commentContext(env: Record<string, string | undefined>): CommentContext {
  const server = env['GITHUB_SERVER_URL'];
  let host: string | null = null;
  try {
    host = server ? new URL(server).host : null;
  } catch {
    host = null;
  }
  return { hosts: host ? [host] : [] };
}

/** Where the full report is, in the words of a cut comment's last sentence. */
function fullReportPlace(env: Record<string, string | undefined>, summaryWhole: boolean, reportFile: string | null): string {
  const run = env['GITHUB_SERVER_URL'] && env['GITHUB_REPOSITORY'] && env['GITHUB_RUN_ID'] ? ` (${env['GITHUB_SERVER_URL']}/${env['GITHUB_REPOSITORY']}/actions/runs/${env['GITHUB_RUN_ID']})` : '';
  const file = reportFile ? `; the step's \`report-file\` output names it as a file, for a later step to keep` : '';
  return summaryWhole ? `in this run's job summary${run}${file}` : `cut in this run's job summary too${run}, past its 1 MiB limit${file || ''}`;
}
