import type { Change, ChangeLevel } from '../../../src/records/change.ts';

/**
 * Changelog items of real non-MCP specs that are visible in the spec text, each with the
 * record that reports it and the levels that would be sensible for it. OpenTelemetry's
 * come from its CHANGELOG.md; GraphQL's from reading the editions side by side. Items
 * outside the spec folder (OTEPs, contributing guides) are left out: no diff can see them;
 * so are items whose text the two tags already share (v1.59's self-observability guidelines
 * page is byte-identical in the v1.58.0 mirror).
 */
export interface AnswerItem {
  /** The changelog's words (or, for GraphQL, what the editions show). */
  item: string;
  page: RegExp;
  id: RegExp;
  subject: RegExp;
  levels: ChangeLevel[];
}

export interface AnswerPair {
  spec: 'opentelemetry-specification' | 'graphql-spec';
  old: string;
  new: string;
  items: AnswerItem[];
}

const any: ChangeLevel[] = ['breaking', 'non-breaking', 'editorial'];
const normative: ChangeLevel[] = ['breaking', 'non-breaking'];

export const ANSWER_KEY: AnswerPair[] = [
  {
    spec: 'opentelemetry-specification', old: 'v1.45.0', new: 'v1.58.0',
    items: [
      { item: 'v1.58: Add an in-development SDK self-observability section', page: /^self-observability$/, id: /^page-added$/, subject: /./, levels: ['non-breaking'] },
      { item: 'v1.58: Add specification for communicating entity information as structured log events', page: /^entities\/entity-events$/, id: /^page-added$/, subject: /./, levels: ['non-breaking'] },
      { item: 'v1.57: Add in-development Bind API to synchronous instruments', page: /^metrics\/api$/, id: /^section-added$/, subject: /^Bind$/, levels: ['non-breaking'] },
      { item: 'v1.57: Change Prometheus exporter config property names (without_scope_info -> scope_info_enabled)', page: /prometheus$/, id: /^rule-changed$/, subject: /`scope_info_enabled`/, levels: normative },
      { item: 'v1.57: … the old name without_scope_info is gone', page: /prometheus$/, id: /^(?:required-)?rule-removed$|^term-removed$/, subject: /without_scope_info/, levels: normative },
      { item: 'v1.56: Add development maxExportBatchSize parameter to Periodic exporting MetricReader', page: /^metrics\/sdk$/, id: /rule-added$/, subject: /maxExportBatchSize/, levels: normative },
      { item: 'v1.52/v1.56: Add (and stabilize) the AlwaysRecord sampler', page: /^trace\/sdk$/, id: /^section-added$/, subject: /^AlwaysRecord$/, levels: ['non-breaking'] },
      { item: 'v1.54: Swap TracerConfig disabled for enabled', page: /^trace\/sdk$/, id: /^rule-(?:changed|inverted)$/, subject: /`enabled`/, levels: normative },
      { item: 'v1.54: Add optional Exception parameter to Emit LogRecord', page: /^logs\/api$/, id: /rule-added$|^field-added$/, subject: /^Exception\b|› Exception$/, levels: normative },
      { item: 'v1.55: Add normative language to the Tracing API concurrency requirements', page: /^trace\/api$/, id: /^required-rule-added$/, subject: /safe for concurrent use/, levels: ['breaking'] },
      { item: 'v1.52: Deprecate Zipkin exporter document', page: /zipkin$/, id: /^prose-(?:changed|added)$/, subject: /Deprecated/, levels: any },
    ],
  },
  {
    spec: 'opentelemetry-specification', old: 'v1.58.0', new: 'v1.59.0',
    items: [
      { item: 'Clarify that environment variable propagation operational guidance is non-normative', page: /^context\/env-carriers$/, id: /^rule-removed$/, subject: /^Applications SHOULD read context-related environment variables/, levels: ['non-breaking'] },
      { item: 'Mark "Environment Variables as Context Propagation Carriers" as Release Candidate', page: /^context\/env-carriers$/, id: /^prose-(?:added|changed)$/, subject: /Release Candidate/, levels: any },
      { item: 'Clean up implementation guidelines for environment variable propagation carriers', page: /^context\/env-carriers$/, id: /^section-renamed$/, subject: /^Implementation Guidelines$/, levels: any },
      { item: 'Amend the description of Composite/Composable samplers', page: /^trace\/sdk$/, id: /^prose-changed$/, subject: /^Composabl?e?Sampler|^CompositeSampler/, levels: any },
      { item: 'Add ETW example mapping to the logs data model appendix', page: /^logs\/data-model-appendix$/, id: /^section-added$/, subject: /ETW/, levels: ['non-breaking'] },
      { item: '… including its field mapping table', page: /^logs\/data-model-appendix$/, id: /^field-added$/, subject: /ETW.*› EventId$/, levels: ['non-breaking'] },
    ],
  },
  {
    spec: 'opentelemetry-specification', old: 'v1.59.0', new: 'v1.60.0',
    items: [
      { item: 'Add Entity support to the Resource SDK specification', page: /^resource\/sdk$/, id: /^section-added$/, subject: /^Merge behavior with entities$/, levels: ['non-breaking'] },
      { item: '… with new requirements on entities', page: /^resource\/sdk$/, id: /^required-rule-added$/, subject: /entities/, levels: ['breaking'] },
      { item: 'Clarify the interaction between Prometheus content negotiation and translation strategy', page: /prometheus$/, id: /rule-(?:added|changed)$/, subject: /translation_strategy/, levels: normative },
      { item: 'Stabilize Target section (Prometheus exporter)', page: /prometheus$/, id: /^prose-changed$/, subject: /^Status: Stable/, levels: any },
      // The options list is announced by "The following configuration options MUST be available": a new option is a new duty.
      { item: 'Add max request / response size options to the OTLP exporter configuration options', page: /^protocol\/exporter$/, id: /^(?:prose|field)-added$|rule-added$/, subject: /Max Request Size/, levels: any },
    ],
  },
  {
    spec: 'graphql-spec', old: 'June2018', new: 'October2021',
    items: [
      { item: 'Repeatable directives (lower-case "may" is a keyword here)', page: /Type System/, id: /^rule-added$/, subject: /directive may be defined as repeatable/, levels: ['non-breaking'] },
      { item: '__Directive.isRepeatable in introspection', page: /Introspection/, id: /rule-added$/, subject: /^`isRepeatable` must/, levels: normative },
      { item: '@specifiedBy directive for custom scalars', page: /Type System/, id: /^section-added$/, subject: /^@specifiedBy$/, levels: ['non-breaking'] },
      { item: '__Type.specifiedByURL in introspection', page: /Introspection/, id: /rule-added$/, subject: /specifiedByURL/, levels: normative },
      { item: 'Interfaces implementing interfaces', page: /Type System/, id: /^required-rule-added$/, subject: /declares it implements any interfaces/, levels: ['breaking'] },
    ],
  },
  {
    spec: 'graphql-spec', old: 'October2021', new: 'September2025',
    items: [
      { item: 'OneOf input objects', page: /Type System/, id: /^section-added$/, subject: /^OneOf Input Objects$/, levels: ['non-breaking'] },
      { item: 'Conformance moved to its own appendix', page: /Conformance/, id: /^page-added$/, subject: /./, levels: ['non-breaking'] },
      { item: '… its RFC 2119 declaration moved with it, not removed', page: /Conformance/, id: /^rule-moved$/, subject: /lowercase/, levels: ['editorial'] },
      { item: 'Deprecation of arguments and input fields', page: /Type System/, id: /^required-rule-added$/, subject: /@deprecated. directive must not appear on required/, levels: ['breaking'] },
      { item: 'Schema coordinates', page: /Language/, id: /^section-added$/, subject: /^Schema Coordinates$/, levels: ['non-breaking'] },
      { item: 'Full Unicode: source text is any Unicode scalar value', page: /Language/, id: /^prose-(?:added|changed)$/, subject: /Any Unicode scalar value/, levels: any },
    ],
  },
];

/** The records that report an item (empty when it was missed). */
export function recordsFor(item: AnswerItem, changes: readonly Change[]): Change[] {
  return changes.filter((c) => item.page.test(c.page ?? '') && item.id.test(c.id) && item.subject.test(c.subject));
}
