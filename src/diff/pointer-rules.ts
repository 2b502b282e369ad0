import type { Rule, SpecDocument } from '../model/index.ts';
import { inSection } from '../model/document.ts';
import { strength } from '../model/rules.ts';
import { dice, tokens } from './similarity.ts';

/**
 * A sentence that only points at duties the page states elsewhere ("Implementations MUST
 * follow the requirements in Security Considerations") adds no duty of its own: what it asks
 * is asked where it points. It is recognised by its shape (a keyword, a verb of conformance,
 * a word for a body of requirements, a preposition) and by where it points: a section of the
 * same page. A pointer at another document ("… the requirements in RFC 9728") is a new duty.
 */
const POINTER = /\b(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED)\b(?:\s+\w+){0,2}?\s+(?:follow|comply\s+with|adhere\s+to|observe|meet|satisfy|respect|implement|apply)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:requirements|guidance|rules|recommendations|practices|considerations|guidelines|provisions|steps|measures)\s+(?:in|of|from|under|(?:described|outlined|defined|listed|given|set\s+out|stated|specified)\s+(?:in|under|by))\s+(?:the\s+)?(.+?)(?:\s+section)?\s*[.;:]?\s*$/i;

/**
 * The second shape: a duty whose object is named after a section of the page that states the
 * duties ("The client MUST include the request metadata headers on each POST request", with a
 * section "Request Metadata" of MUSTs): what to include is asked there.
 */
const NAMED_OBJECT = /\b(MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED)\b(?:\s+NOT)?\s+(?:also\s+|always\s+)?(?:include|send|use|set|provide|support|honou?r|validate|attach|carry)\s+(?:all\s+(?:of\s+)?)?the\s+(.+)$/i;

/**
 * The third shape: the page (or a section of it) says what it holds, and the keyword sits in a
 * clause about that ("This document outlines security requirements that implementers MUST
 * consider …"): its subject is the text itself, so it asks what the page's own duties ask.
 */
const SELF_DESCRIBED = /^(?:this|the\s+following)\s+(?:document|page|section|chapter|specification|guide|appendix)\s+(?:\w+\s+)?(?:outlines|describes|lists|defines|specifies|sets\s+out|covers|collects|summari[sz]es|details|gives)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:requirements|guidance|rules|recommendations|practices|considerations|guidelines|provisions|steps|measures)\s+(?:that|which)\b/i;

/** The section of `doc` a pointer rule points at, or null when it is no pointer (or points elsewhere). */
export function pointedSection(rule: Rule, doc: SpecDocument): string | null {
  return pointedByPhrase(rule, doc) ?? namedObjectSection(rule, doc) ?? describedSelf(rule, doc);
}

/** The page itself, for a sentence in which the page describes the duties it holds, when it holds others at least as strong. */
function describedSelf(rule: Rule, doc: SpecDocument): string | null {
  if (!SELF_DESCRIBED.test(rule.text)) return null;
  const others = doc.rules.some((r) => r !== rule && r.text !== rule.text && strength(r.keyword) >= strength(rule.keyword));
  return others ? 'the rest of the page' : null;
}

/**
 * A bullet under a lead-in that points ("… MUST apply the filtering rules defined by the
 * Widget Config section:" then one bullet per rule) spells out duties stated where the lead-in
 * points: that section, or null.
 */
export function leadInPointsAt(rule: Rule, doc: SpecDocument): string | null {
  const leadIn = rule.leadIn ?? rule.listLeadIn;
  return leadIn ? pointedByPhrase({ ...rule, text: leadIn }, doc) : null;
}

function namedObjectSection(rule: Rule, doc: SpecDocument): string | null {
  const match = NAMED_OBJECT.exec(rule.text);
  if (!match) return null;
  const object = tokens(match[2]!);
  const section = doc.sections.find((s) => {
    const heading = tokens(s.heading);
    // The object starts with the heading's words (two at least: one word names too much), and the section is not the rule's own.
    if (heading.length < 2 || heading.some((w, i) => object[i] !== w) || inSection(rule.sectionId, s.id)) return false;
    return doc.rules.some((r) => inSection(r.sectionId, s.id) && strength(r.keyword) >= strength(rule.keyword));
  });
  return section ? section.heading : null;
}

/**
 * The words of what a pointer sentence points at ("… MUST follow the requirements in Widget
 * Safety, covering …" → widget, safety): up to a comma or an aside, which say what is there.
 * Null when the sentence is no pointer.
 */
export function pointerTarget(text: string): string[] | null {
  const match = POINTER.exec(text);
  if (!match) return null;
  const target = tokens(match[1]!.split(/,|\s\(|\s—\s/)[0]!.replace(/^["“]|["”]$/g, ''));
  return target.length === 0 ? null : target;
}

function pointedByPhrase(rule: Rule, doc: SpecDocument): string | null {
  const target = pointerTarget(rule.text);
  if (!target) return null;
  const section = doc.sections.find((s) => dice(tokens(s.heading), target) >= 0.8);
  return section ? section.heading : null;
}
