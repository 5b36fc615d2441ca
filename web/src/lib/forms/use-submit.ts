import { useRef, useState } from 'react';
import { ApiCallError } from '../../api/client';
import { useNotice } from '../../components/location-notice';
import { clearError, setError } from '../app-state';
import { UNKNOWN_ERROR } from './unknown-error';

/** A failed API call's text: the server's own message as it is, anything else the general failure text. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiCallError && error.fromServer ? error.message : UNKNOWN_ERROR;

export interface SubmitOptions<Args extends unknown[], Result> {
  /** What the page does once the action succeeded: usually navigate(…, withNotice(…)) or notice.show(…). */
  onSuccess?: (result: Result, ...args: Args) => void;
  /** The text a failure shows (default: failureMessage). Screens with an error catalogue map it here. */
  failure?: (error: unknown) => string;
}

export interface Submit<Args extends unknown[]> {
  /** Runs the action; a second run while one is under way is ignored. Never rejects. */
  run: (...args: Args) => Promise<void>;
  /** True while the action runs: the button shows it (`loading`). */
  pending: boolean;
}

/**
 * The SPA's one way to run what a form (or a button) submits. It clears the page's previous outcome
 * (the red error string and a confirmation shown on this page), marks the submission pending, runs
 * `action`, and then either calls `onSuccess` or shows the failure's text in red at the top of the page
 * (the shared error string). A rejected session (HTTP 401) shows nothing: the API client is already
 * signing out and reloading.
 */
export function useSubmit<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  { onSuccess, failure = failureMessage }: SubmitOptions<Args, Result> = {},
): Submit<Args> {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const notice = useNotice();

  const run = async (...args: Args) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    clearError();
    notice.clear();
    try {
      const result = await action(...args);
      onSuccess?.(result, ...args);
    } catch (error) {
      if (!(error instanceof ApiCallError && error.httpStatus === 401)) setError(failure(error));
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return { run, pending };
}
