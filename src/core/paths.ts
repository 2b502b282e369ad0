import { isAbsolute, relative } from 'node:path';

/** A path as messages name it: relative to the working directory when that is shorter, else as given. */
export function displayPath(path: string, cwd = process.cwd()): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  return rel !== '' && rel.length < path.length ? rel : path;
}
