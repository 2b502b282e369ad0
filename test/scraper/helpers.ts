import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import type { CommandIO } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';

/** The repository root, and the shared offline mirror beside it (never copied into the repo). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SPEC = resolve(REPO_ROOT, '..', 'shared', 'mcp-spec');
export const REFS = join(SPEC, 'refs');
export const MIRROR = join(REFS, 'main');

export interface CapturedIO extends CommandIO {
  out(): string;
  err(): string;
}

export function captureIO(options: { cwd?: string; env?: Record<string, string | undefined>; tty?: boolean } = {}): CapturedIO {
  let out = '';
  let err = '';
  const stdout = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number; cursorTo?: unknown; clearLine?: unknown; moveCursor?: unknown };
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  if (options.tty) {
    stderr.isTTY = true;
    stderr.columns = 100;
    // What cli-progress's terminal calls on a real TTY stream.
    stderr.cursorTo = (_x: number, _y?: number, cb?: () => void) => (cb?.(), true);
    stderr.clearLine = (_d: number, cb?: () => void) => (cb?.(), true);
    stderr.moveCursor = (_x: number, _y: number, cb?: () => void) => (cb?.(), true);
  }
  return {
    cwd: options.cwd ?? REPO_ROOT,
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: options.env ?? {},
    out: () => out,
    err: () => err,
  };
}

/** Runs the CLI in-process, like bin/specdelta.js does. */
export async function cli(argv: string[], options: Parameters<typeof captureIO>[0] = {}): Promise<{ code: number; out: string; err: string }> {
  const io = captureIO(options);
  const code = await main(argv, io);
  await new Promise((r) => setImmediate(r));
  return { code, out: io.out(), err: io.err() };
}

export async function tempDir(prefix = 'specdelta-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Every file under a folder with its bytes: to compare a folder before and after. */
export async function folderState(dir: string): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  let entries: string[] = [];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch {
    return state;
  }
  for (const entry of entries.sort()) {
    const full = join(dir, entry);
    if ((await stat(full)).isFile()) state.set(relative(dir, full).split(sep).join('/'), (await readFile(full)).toString('base64'));
  }
  return state;
}

export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

// ── a raw-file host on 127.0.0.1 serving ../shared/mcp-spec/refs as /<ref>/<path>, with faults ──

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'stall-headers' }
  | { kind: 'stall-body' }
  | { kind: 'reset' }
  | { kind: 'truncate' }
  | { kind: 'redirect'; status?: number; to: string }
  | { kind: 'html-200' }
  | { kind: 'body-200'; body: string }
  | { kind: 'oversize'; bytes: number; declare: boolean };

export interface FaultRule {
  /** The request path it applies to ("/main/docs/…"). */
  path: string;
  fault: Fault;
  /** How many requests it hits before the file is served normally (Infinity: always). */
  times: number;
}

export interface RawServer {
  url: string;
  port: number;
  /** Requests seen: path, and the conditional headers sent. */
  requests: Array<{ path: string; ifNoneMatch: string | null; ifModifiedSince: string | null; accept: string | null }>;
  faults: FaultRule[];
  /** path → body served instead of the file (to simulate an older upstream). */
  overlay: Map<string, Buffer>;
  /** ref → folder under the root it serves (e.g. a commit hash → "main"). */
  aliases: Map<string, string>;
  /** Extra routes (e.g. a rendered site): path → response. */
  routes: Map<string, { status: number; type: string; body: string }>;
  maxInFlight: number;
  /** Milliseconds to wait before answering each request. */
  delayMs: number;
  /** Send ETag / Last-Modified validators. */
  validators: { etag: boolean; lastModified: boolean };
  countFor(path: string): number;
  close(): Promise<void>;
}

const LAST_MODIFIED = 'Wed, 21 Oct 2026 07:28:00 GMT';

export async function startRawServer(root = REFS): Promise<RawServer> {
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const state: Omit<RawServer, 'url' | 'port' | 'close' | 'countFor'> = {
    requests: [],
    faults: [],
    overlay: new Map(),
    aliases: new Map(),
    routes: new Map(),
    maxInFlight: 0,
    delayMs: 0,
    validators: { etag: true, lastModified: true },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    state.requests.push({
      path,
      ifNoneMatch: (req.headers['if-none-match'] as string | undefined) ?? null,
      ifModifiedSince: (req.headers['if-modified-since'] as string | undefined) ?? null,
      accept: (req.headers['accept'] as string | undefined) ?? null,
    });
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));

    const rule = state.faults.find((f) => f.path === path && f.times > 0);
    let body: Buffer | null = null;
    const route = state.routes.get(path);
    if (route) {
      res.writeHead(route.status, { 'content-type': route.type, 'content-length': Buffer.byteLength(route.body) });
      res.end(route.body);
      return;
    }
    let served = path.startsWith('/moved/') ? path.slice('/moved'.length) : path;
    const ref = served.split('/')[1] ?? '';
    const alias = state.aliases.get(ref);
    if (alias !== undefined) served = `/${alias}${served.slice(ref.length + 1)}`;
    body = state.overlay.get(served) ?? null;
    if (body === null) {
      const file = resolve(root, `.${served}`);
      if (file.startsWith(root + sep)) body = await readFile(file).catch(() => null);
    }
    if (rule) {
      rule.times -= 1;
      const fault = rule.fault;
      switch (fault.kind) {
        case 'status':
          res.writeHead(fault.status, { 'content-type': 'text/plain', ...fault.headers });
          res.end(fault.body ?? `${fault.status}\n`);
          return;
        case 'stall-headers':
          return; // never answers
        case 'stall-body': {
          const data = body ?? Buffer.from('x'.repeat(1000));
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': data.length });
          res.write(data.subarray(0, Math.floor(data.length / 2)));
          return; // and nothing more
        }
        case 'reset': {
          const data = body ?? Buffer.from('x'.repeat(1000));
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': data.length });
          res.write(data.subarray(0, Math.floor(data.length / 2)), () => {
            setTimeout(() => (res.socket as Socket & { resetAndDestroy?: () => void })?.resetAndDestroy?.(), 10);
          });
          return;
        }
        case 'truncate': {
          const data = body ?? Buffer.from('x'.repeat(1000));
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': data.length });
          res.write(data.subarray(0, Math.floor(data.length / 2)), () => {
            setTimeout(() => res.socket?.end(), 10);
          });
          return;
        }
        case 'redirect':
          res.writeHead(fault.status ?? 301, { location: fault.to });
          res.end();
          return;
        case 'html-200': {
          const page = '<!DOCTYPE html>\n<html><head><title>Something went wrong</title></head><body><h1>We are down for maintenance</h1></body></html>\n';
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) });
          res.end(page);
          return;
        }
        case 'body-200':
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(fault.body) });
          res.end(fault.body);
          return;
        case 'oversize': {
          const chunk = Buffer.alloc(64 * 1024, 'a');
          const headers: Record<string, string | number> = { 'content-type': 'text/plain; charset=utf-8' };
          if (fault.declare) headers['content-length'] = fault.bytes;
          res.writeHead(200, headers);
          let sent = 0;
          const pump = () => {
            while (sent < fault.bytes) {
              const part = chunk.subarray(0, Math.min(chunk.length, fault.bytes - sent));
              sent += part.length;
              if (!res.write(part)) return res.once('drain', pump);
            }
            res.end();
          };
          res.on('error', () => undefined);
          pump();
          return;
        }
      }
    }
    if (body === null) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('404: Not Found');
      return;
    }
    const etag = `"${sha256(body).slice(0, 16)}"`;
    const headers: Record<string, string | number> = { 'content-type': path.endsWith('.json') ? 'text/plain; charset=utf-8' : 'text/plain; charset=utf-8' };
    if (state.validators.etag) headers['etag'] = etag;
    if (state.validators.lastModified) headers['last-modified'] = LAST_MODIFIED;
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    if ((state.validators.etag && inm === etag) || (!inm && state.validators.lastModified && ims === LAST_MODIFIED)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    handle(req, res).catch((error) => {
      res.destroy(error as Error);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const result = state as RawServer;
  result.port = port;
  result.url = `http://127.0.0.1:${port}`;
  result.countFor = (path) => state.requests.filter((r) => r.path === path).length;
  result.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return result;
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

export interface ServerAndFolder {
  server: RawServer;
  dir: string;
  /** `<dir>/snapshots`, not created. */
  snapshots: string;
}

/**
 * A fresh raw-file server and an empty temp folder for every test of the file, closed and
 * removed after it; `use` receives them (assign them to the file's variables).
 */
export function serverAndFolderPerTest(use: (ctx: ServerAndFolder) => void): void {
  let ctx: ServerAndFolder | null = null;
  beforeEach(async () => {
    const dir = await tempDir();
    ctx = { server: await startRawServer(), dir, snapshots: join(dir, 'snapshots') };
    use(ctx);
  });
  afterEach(async () => {
    await ctx?.server.close();
    if (ctx) await removeDir(ctx.dir);
    ctx = null;
  });
}
