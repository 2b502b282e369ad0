import { appendFile, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { atOrAbove, CHANGE_LEVELS, type ChangeLevel } from '../records/change.ts';
import { diffRevisionTrees } from '../revision/revisions.ts';
import { InputError } from '../errors.ts';
import { gitTree } from '../input/git-tree.ts';
import { bothTrees } from '../input/revision-tree.ts';
import { makeReport } from '../report/report.ts';
import { treeInfo } from '../cli/commands/diff-trees.ts';
import type { CommandIO, ExitCode } from '../cli/io.ts';
import { commentMarker, sectionsCommentBody, type CommentSection } from './comment.ts';
import { gitHubClient } from './github.ts';
import { parseSpecPaths } from './paths.ts';

/**
 * The GitHub Action (action.yml): on a pull_request event, diff each configured spec
 * folder (and its schema; see paths.ts) at the pull request's base commit against its head
 * commit, read from the checkout's git objects; post the Markdown report as one comment
 * (a section per folder), or update the comment an earlier run posted (found by its hidden
 * marker); set the counts summed over the folders as step outputs; exit 1 when a change in
 * any of them is at or above `fail-on`.
 *
 * Settings arrive as the Actions runner passes inputs: INPUT_SPEC, INPUT_SCHEMA,
 * INPUT_FAIL-ON, INPUT_TOKEN, INPUT_COMMENT ("false": only outputs), plus the runner's
 * GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL,
 * GITHUB_WORKSPACE and GITHUB_OUTPUT.
 */

interface PullRequestEvent {
  pull_request?: { number: number; base: { sha: string; ref?: string }; head: { sha: string; ref?: string } };
}

export async function runAction(io: CommandIO): Promise<ExitCode> {
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
  const eventPath = required('GITHUB_EVENT_PATH', 'the runner sets it to the event payload');
  let event: PullRequestEvent;
  try {
    event = JSON.parse(await readFile(eventPath, 'utf8')) as PullRequestEvent;
  } catch (error) {
    throw new InputError(`the event payload ${eventPath} cannot be read as JSON (${(error as Error).message}).`);
  }
  const pr = event.pull_request;
  if (!pr?.base?.sha || !pr.head?.sha) throw new InputError(`the event payload ${eventPath} has no pull_request with base and head commits.`);

  const paths = parseSpecPaths(input('spec'), input('schema'));
  const failOn = input('fail-on') as ChangeLevel | undefined;
  if (failOn && !CHANGE_LEVELS.includes(failOn)) throw new InputError(`the input \`fail-on\` is "${failOn}"; use one of ${CHANGE_LEVELS.join(', ')}, or leave it empty.`);
  const workspace = resolve(io.cwd, env['GITHUB_WORKSPACE'] ?? '.');

  // Both commits must be in the checkout: actions/checkout with fetch-depth: 0.
  const sections: CommentSection[] = [];
  for (const { spec, schema } of paths) {
    const side = (sha: string, label: string) => gitTree(workspace, sha, { spec, schema, label, cwd: io.cwd });
    const [oldTree, newTree] = await bothTrees(side(pr.base.sha, pr.base.ref ?? pr.base.sha.slice(0, 7)), side(pr.head.sha, pr.head.ref ?? pr.head.sha.slice(0, 7)));
    const { changes, diagnostics } = await diffRevisionTrees(oldTree, newTree);
    sections.push({ spec, ...(schema ? { schema } : {}), report: makeReport(treeInfo(oldTree, oldTree.source), treeInfo(newTree, newTree.source), changes, diagnostics) });
  }
  const changes = sections.flatMap((s) => s.report.changes);
  const summary = Object.fromEntries(CHANGE_LEVELS.map((level) => [level, sections.reduce((n, s) => n + s.report.summary[level], 0)])) as Record<ChangeLevel, number>;

  let commentUrl = '';
  if (input('comment') !== 'false') {
    const github = gitHubClient(env['GITHUB_API_URL'] ?? 'https://api.github.com', required('GITHUB_REPOSITORY', 'the runner sets it to OWNER/REPO'), input('token') ?? required('GITHUB_TOKEN', 'pass `token` to the action'));
    const body = sectionsCommentBody(sections);
    const marker = commentMarker(paths.map((p) => p.spec));
    const existing = (await github.listComments(pr.number)).find((c) => c.body?.startsWith(marker));
    const comment = existing ? await github.updateComment(existing.id, body) : await github.createComment(pr.number, body);
    commentUrl = comment.html_url;
    io.stdout.write(`specdelta: ${existing ? 'updated' : 'posted'} ${commentUrl}\n`);
  }

  // Summed over the paths, as one pull request's delta.
  const outputs = { ...summary, total: changes.length, 'comment-url': commentUrl };
  io.stdout.write(`specdelta: ${CHANGE_LEVELS.map((level) => `${summary[level]} ${level}`).join(', ')}\n`);
  if (env['GITHUB_OUTPUT']) await appendFile(env['GITHUB_OUTPUT'], Object.entries(outputs).map(([k, v]) => `${k}=${v}\n`).join(''));
  return failOn && changes.some((c) => atOrAbove(c.level, failOn)) ? 1 : 0;
}
