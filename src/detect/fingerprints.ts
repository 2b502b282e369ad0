/**
 * The fingerprint data the detector reads: for every protocol name or shape that some
 * revision introduced or removed (as the page and schema differs report it), the set of
 * revisions whose spec carries it. Plain data, built once in Node (`build.ts`) and shipped
 * as JSON to the CLI and the browser alike. Nothing here may import a Node module.
 */

export const FINGERPRINT_FORMAT = 1;

// A type-only import: erased at run time, so this module still loads no Node module.
import type { RevisionStatus, SpecRevision } from '../input/spec-tree.ts';

export type { RevisionStatus };

/** A revision as the fingerprints record it: the one revision shape of the spec-tree reader. */
export type FingerprintRevision = SpecRevision;

/**
 * What a marker is. The detector weighs them differently: shapes (an envelope, where a
 * capability is declared) and method names say more than a field name; a section heading
 * says little.
 */
export type MarkerKind =
  | 'method' // a JSON-RPC method or notification name
  | 'envelope' // a method travelling in a given envelope: a JSON-RPC request, or embedded in a result
  | 'definition' // a schema type name (PendingResult)
  | 'field' // a field / property name
  | 'value' // an enum or const value a field takes
  | 'term' // an identifier the pages name in code spans
  | 'error-code'
  | 'capability' // a capability declared in a given place (capabilities vs _meta.…/peerFeatures)
  | 'capability-option' // a sub-option of a capability (elicitation.url)
  | 'section' // a section heading
  | 'transport'; // a transport the spec lists (HTTP+SSE, Streamable HTTP), known by every name it goes by

export interface Marker {
  /** `term:widgetId`, `envelope:widgets/create:framed`, `capability:widgets@capabilities`, `error:-32001`, `section:…`. */
  key: string;
  kind: MarkerKind;
  /** What a reader would search for, and what evidence shows: `widgetId`, `widget/create`, `-32001`. */
  token: string;
  /** For shapes: the words that qualify the token ("sent as a JSON-RPC message of its own", "declared in capabilities"). */
  shape?: string;
  /** Revision ids (in revision order) whose spec carries the marker. Never empty; all of them only for a transport kept for compatibility. */
  span: string[];
  /** For a transport: the revisions of its span that keep it only for backwards compatibility (deprecated there). */
  compat?: string[];
  /** For a transport: every name the spec gives it (the link texts pointing at it: `HTTP+SSE`, `HTTP with Server-Sent Events`). */
  names?: string[];
  /** For a transport: the SSE event names only its section defines (`endpoint`). */
  events?: string[];
  /** For an HTTP transport: how many endpoints its section requires (an SSE stream and a separate POST endpoint are two). */
  endpoints?: number;
  /** For a type: its fields and required fields in the schema (of the span's last revision), so an object of that shape is recognised. */
  fields?: string[];
  required?: string[];
  /** For an array type (a JSON-RPC batch): the keys each kind of its items requires, so an array of such objects is recognised. */
  items?: string[][];
  /** An ordinary word (`url`, `mode`, `pattern`) rather than an identifier: weak evidence. */
  wordLike: boolean;
  /** Pages (plus the schema) that carry it, in the revision of its span that has most: a name many features share is weak. */
  pages: number;
  /**
   * For a type name: the revision whose schema first gave the name to a shape that earlier
   * revisions (from the span's start) already carried unnamed. The name proves no wire change.
   */
  namedIn?: string;
  /**
   * For a name the spec places in another standard's document ("`registration_endpoint` in
   * OAuth Authorization Server Metadata"): that document's title, and the first revision that
   * cited the standard. The span starts there: the name came with the standard, not with the
   * sentence that first named it.
   */
  borrowed?: { document: string; since: string };
  /**
   * For a key under the spec's namespace (`org.example/widgetId`): its name part, which a text
   * may write alone. A bare mention never bounds the answer as the key, but it is no absence of it.
   */
  bare?: string;
  /**
   * For a name whose feature a revision moved out of the core into an extension: the
   * extension's identifier and that revision. The span runs on through it.
   */
  extension?: { name: string; since: string };
  /** Where the differs saw it come or go: `2025-11-25 client/elicitation: required-field-added`. At most three. */
  origins: string[];
  /**
   * The change records behind the span's edges (the revision that brought the marker, the one
   * that removed it), by fingerprint: what a "removed in" links to. At most four per edge; absent in
   * data built before they were recorded.
   */
  records?: MarkerRecord[];
}

/** One change record of the diff between `revision` and the revision before it. */
export interface MarkerRecord {
  /** The newer revision of the adjacent pair the record comes from. */
  revision: string;
  /** The page diffed (its id, the same on both sides), or `schema` for the schema's records. */
  page: string;
  /** The record's fingerprint: its anchor on the page's diff. */
  fingerprint: string;
}

export interface FingerprintData {
  format: typeof FINGERPRINT_FORMAT;
  /** What the data was built from: a folder, and a digest of every input file, to tell when it is stale. */
  source: { label: string; digest: string };
  /** In revision order: chronological, the draft last. */
  revisions: FingerprintRevision[];
  markers: Marker[];
  /**
   * The keys of each object type a revision's schema defines that holds a camel-case field among
   * the markers (each distinct set once, normalized): whether such a name stands beside other
   * fields of its type (`{ taskId, status, createdAt }`) or in an app's own record (`{ id, createdAt }`).
   */
  types?: string[][];
}

/** Revision order helpers shared by the detector and the badges. */
export function latestRevision(revisions: readonly FingerprintRevision[]): FingerprintRevision | null {
  return revisions.find((r) => r.status === 'latest') ?? [...revisions].reverse().find((r) => r.status !== 'draft') ?? null;
}

/** The revision right after the last one of `span` (the revision that removed a marker), or null when the span runs to the end. */
export function removedIn(span: readonly string[], revisions: readonly FingerprintRevision[]): string | null {
  const ids = revisions.map((r) => r.id);
  const last = Math.max(...span.map((id) => ids.indexOf(id)));
  return ids[last + 1] ?? null;
}

/** A sanity check for data read from disk or the network: one sentence on what is wrong, or null. */
export function validateFingerprints(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'it is not a JSON object';
  const data = value as Partial<FingerprintData>;
  if (data.format !== FINGERPRINT_FORMAT) return `its format is ${String(data.format)}, this version of specdelta reads format ${FINGERPRINT_FORMAT}`;
  if (!Array.isArray(data.revisions) || data.revisions.length === 0) return 'it lists no revisions';
  if (!Array.isArray(data.markers)) return 'it has no markers';
  const ids = new Set(data.revisions.map((r) => r.id));
  for (const marker of data.markers) {
    if (typeof marker.key !== 'string' || !Array.isArray(marker.span) || marker.span.some((id) => !ids.has(id))) {
      return `its marker ${JSON.stringify(marker.key)} names a revision it does not list`;
    }
  }
  return null;
}
