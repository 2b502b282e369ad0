import { isObject } from '../core/objects.ts';

/** A capability declared in a JSON value: its name, the path of the object declaring it, and its options' keys. */
interface DeclaredCapability {
  name: string;
  /** The JSON path (dot-joined keys) of the object it is declared in, relative to the value read. */
  location: string;
  options: string[];
}

/** Deeper than any message a spec shows; a hostile example nested deeper is not walked to its end. */
const MAX_DEPTH = 20;

/**
 * Where capabilities are declared, read from structure alone: an object under a key ending in
 * "capabilities" declares one capability per key. The page model (a spec's examples) and the
 * detector (a tutorial's code) read them with this one rule, so they agree on what a
 * capability is.
 */
export function declaredCapabilities(value: unknown): DeclaredCapability[] {
  const found: DeclaredCapability[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!isObject(node) || path.length > MAX_DEPTH) return;
    for (const [key, child] of Object.entries(node)) {
      if (/capabilities$/i.test(key) && isObject(child)) {
        const location = [...path, key].join('.');
        for (const [name, options] of Object.entries(child)) found.push({ name, location, options: isObject(options) ? Object.keys(options) : [] });
      } else {
        walk(child, [...path, key]);
      }
    }
  };
  walk(value, []);
  return found;
}
