import { directionsOf, type Directions } from './direction.ts';
import { errorCodesOf, messagesOf, type SchemaErrorCode, type SchemaMessage } from './messages.ts';
import type { SchemaModel } from './model.ts';

/**
 * What the differ and the linter both read from a schema besides its definitions: who sends
 * each shape, its messages by method and its error codes by number. Computed once per side,
 * because a caller that diffs and also needs the messages should not analyse twice.
 */
export interface SchemaAnalysis {
  model: SchemaModel;
  directions: Directions;
  messages: Map<string, SchemaMessage>;
  codes: Map<number, SchemaErrorCode>;
}

export function analyzeSchema(model: SchemaModel): SchemaAnalysis {
  const directions = directionsOf(model);
  return { model, directions, messages: messagesOf(model, directions), codes: errorCodesOf(model) };
}
