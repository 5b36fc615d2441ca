import { useRef, useState } from 'react';
import { ApiCallError } from '../../api/client';
import { confirmAction, type ConfirmOptions } from '../../components/confirm';
import { useNotice } from '../../components/location-notice';
import { clearActionResult, showActionResult } from '../action-result';
import { clearError, setError } from '../app-state';
import { useResultPlace } from './result-place';
import { UNKNOWN_ERROR } from './unknown-error';

/** A failed API call's text: the server's own message as it is, anything else the general failure text. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiCallError && error.fromServer ? error.message : UNKNOWN_ERROR;

export interface SubmitOptions<Args extends unknown[], Result> {
  /**
   * Ask first: the question an action that cannot be taken back puts before it runs (what happens, to
   * what), or undefined to run without asking. The action runs only when the user confirms. A question
   * that needs a read first (whom a move goes to) is a promise; its failure shows as the action's would.
   */
  confirm?: (...args: Args) => ConfirmOptions | undefined | Promise<ConfirmOptions | undefined>;
  /** What the action did, shown as a notification wherever the page is scrolled ("License 12 returned"). */
  success?: (result: Result, ...args: Args) => string;
  /** What the page does once the action succeeded besides saying so (close a form, navigate, reset). */
  onSuccess?: (result: Result, ...args: Args) => void;
  /** The text a failure shows (default: failureMessage). Screens with an error catalogue map it here. */
  failure?: (error: unknown) => string;
}

export interface Submit<Args extends unknown[]> {
  /** Runs the action (after its confirmation, if it asks one); a second run while one is under way is ignored. Never rejects. */
  run: (...args: Args) => Promise<void>;
  /** True while the action runs: the button shows it (`loading`). */
  pending: boolean;
}

/**
 * The SPA's one way to run what a form (or a button) submits, and to show its result where the user is
 * (docs/decisions/032-results-and-confirmations.md):
 *
 * 1. An action that cannot be taken back asks first (`confirm`); Cancel leaves everything as it was.
 * 2. The previous outcome goes: the red error string, the last result's notification, a confirmation
 *    carried to this page.
 * 3. The action runs (pending), then either its result shows (`success`) and `onSuccess` runs, or its
 *    failure's text shows in red, once: at the top of the page, in sight however far it is scrolled, or
 *    at the top of the open dialog the action ran in (the shared error string, components/error-banner).
 *    A success shows where the ResultPlace around it says: a notification in the signed-in app, in
 *    green at the top on the signed-out pages. A rejected session (HTTP 401) shows nothing: the API
 *    client is already signing out.
 */
export function useSubmit<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  { confirm, success, onSuccess, failure = failureMessage }: SubmitOptions<Args, Result> = {},
): Submit<Args> {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const notice = useNotice();
  const place = useResultPlace();

  const report = (error: unknown) => {
    if (error instanceof ApiCallError && error.httpStatus === 401) return;
    // One place: the page's red banner, in sight however far the page is scrolled, or the open
    // dialog's (components/error-banner).
    setError(failure(error));
  };

  const run = async (...args: Args) => {
    if (running.current) return;
    running.current = true;
    try {
      let question: ConfirmOptions | undefined;
      try {
        question = await confirm?.(...args);
      } catch (error) {
        clearError();
        clearActionResult();
        notice.clear();
        report(error);
        return;
      }
      if (question && !(await confirmAction(question))) return;
      setPending(true);
      clearError();
      clearActionResult();
      notice.clear();
      try {
        const result = await action(...args);
        if (success) {
          const text = success(result, ...args);
          if (place === 'page') notice.show(text);
          else showActionResult(text);
        }
        onSuccess?.(result, ...args);
      } catch (error) {
        report(error);
      }
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return { run, pending };
}
