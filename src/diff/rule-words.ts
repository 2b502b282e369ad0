/** Words that say how binding a rule is; left out when asking whether two rules say the same thing, or what a rule asks. */
export const KEYWORD_WORDS = new Set(['must', 'not', 'shall', 'should', 'may', 'required', 'recommended', 'optional']);
