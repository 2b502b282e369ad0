import { isUserFacing } from '../core/errors.ts';
import { withNotices } from '../core/notices.ts';
import { runAction, type ActionExit, type ActionIO } from './run.ts';

/**
 * The Action as a process: what action/dist/index.mjs (the bundle action.yml runs) and
 * `specdelta action` both call. Notices go to stderr once each; bad input is one sentence
 * and exit 2, never a stack trace.
 */
export async function actionMain(io: ActionIO): Promise<ActionExit> {
  try {
    return await withNotices((line) => io.stderr.write(`specdelta: ${line}\n`), () => runAction(io));
  } catch (error) {
    if (isUserFacing(error)) {
      io.stderr.write(`specdelta: ${error.message}\n`);
      return 2;
    }
    io.stderr.write(`specdelta: internal error: ${error instanceof Error ? error.message : String(error)}\nPlease report it, with the step's log.\n`);
    return 2;
  }
}
