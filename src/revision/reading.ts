import type { KeywordConvention } from '../model/keyword-case.ts';

/** How a revision diff read each page: paired with which, judged informative or normative and why. */
export interface PageReading {
  /** The page's id in the newer revision (the older one's for a page that went). */
  page: string;
  old: string | null;
  new: string | null;
  informative: boolean;
  /** Why it was judged informative or normative. */
  reason: string;
  /** Set when the page is generated from the schema; its records defer to the schema's. */
  reference?: true;
  /** Set when the page was split off an older page: `page › section` it was diffed against. */
  splitFrom?: string;
}

/** How the revisions were read as a whole: each side's keyword convention, and what a reader should be told about it. */
export interface Reading {
  keywords?: { old: KeywordConvention; new: KeywordConvention };
  /** Sentences for the reader: pages that yielded no rules and the option that would change that, a revision whose every page was judged informative. */
  notes: string[];
}
