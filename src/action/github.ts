import { InputError } from '../errors.ts';

/**
 * The three GitHub REST calls the Action makes, and nothing else: list a pull request's
 * comments, create one, update one. `fetch` against `GITHUB_API_URL`, so a GitHub
 * Enterprise server (or a test's fake on 127.0.0.1) works the same.
 */
export interface IssueComment {
  id: number;
  body: string;
  html_url: string;
}

export interface GitHubClient {
  listComments(issue: number): Promise<IssueComment[]>;
  createComment(issue: number, body: string): Promise<IssueComment>;
  updateComment(id: number, body: string): Promise<IssueComment>;
}

/** GitHub returns at most 100 comments a page; a long-running pull request has more. */
const PAGE_SIZE = 100;
const MAX_PAGES = 50;

export function gitHubClient(apiUrl: string, repository: string, token: string): GitHubClient {
  const base = `${apiUrl.replace(/\/$/, '')}/repos/${repository}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'specdelta-action',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new InputError(`the GitHub API at ${apiUrl} could not be reached (${(error as Error).cause ?? (error as Error).message}).`);
    }
    if (!response.ok) {
      const detail = await response.text().then((t) => (JSON.parse(t) as { message?: string }).message ?? t).catch(() => '');
      const hint = response.status === 403 || response.status === 404 ? ' (does the workflow grant `pull-requests: write`?)' : '';
      throw new InputError(`the GitHub API answered ${method} ${path} with HTTP ${response.status}${detail ? `: ${detail}` : ''}${hint}.`);
    }
    return (await response.json()) as T;
  };
  return {
    async listComments(issue) {
      const all: IssueComment[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const batch = await call<IssueComment[]>('GET', `/issues/${issue}/comments?per_page=${PAGE_SIZE}&page=${page}`);
        all.push(...batch);
        if (batch.length < PAGE_SIZE) break;
      }
      return all;
    },
    createComment: (issue, body) => call('POST', `/issues/${issue}/comments`, { body }),
    updateComment: (id, body) => call('PATCH', `/issues/comments/${id}`, { body }),
  };
}
