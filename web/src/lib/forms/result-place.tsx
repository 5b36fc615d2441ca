import { createContext, useContext, type ReactNode } from 'react';

/**
 * Where an action's result shows (useSubmit reads it):
 * - `page`: at the top of the page, a confirmation in green or the error in red (the signed-out pages:
 *   one small form, so the top is where the user looks; no notifications there);
 * - `notifications`: a success as a notification, in view however far the page is scrolled (the
 *   signed-in app); a failure in the page's red banner, which stays in sight under the header;
 * - `dialog`: inside an open dialog, whose error banner shows a failure where it happened (the page's
 *   banner leaves it to the dialog); a success closes the dialog and shows as a notification.
 */
export type ResultPlace = 'page' | 'notifications' | 'dialog';

const ResultPlaceContext = createContext<ResultPlace>('page');

export function ResultPlaceProvider({ place, children }: { place: ResultPlace; children: ReactNode }) {
  return <ResultPlaceContext.Provider value={place}>{children}</ResultPlaceContext.Provider>;
}

/** Marks what is inside an open dialog (see ResultPlace). */
export const DialogScope = ({ children }: { children: ReactNode }) => <ResultPlaceProvider place="dialog">{children}</ResultPlaceProvider>;

export const useResultPlace = (): ResultPlace => useContext(ResultPlaceContext);
