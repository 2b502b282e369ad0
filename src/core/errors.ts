/**
 * Errors that end a command with exit code 2: the user's input or usage is at fault,
 * not specdelta. Their message is one sentence that names the input and the problem,
 * printed without a stack trace.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** Bad command-line usage (unknown option, missing argument, conflicting flags). */
export class UsageError extends InputError {}

/** True when an unknown thrown value should be shown as a plain sentence rather than a crash. */
export function isUserFacing(error: unknown): error is InputError {
  return error instanceof InputError;
}
