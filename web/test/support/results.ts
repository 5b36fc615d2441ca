import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Where a screen shows the result of an action, found as a person would: a success is a notification
 * (role status, closed with "Dismiss") in view wherever the page is scrolled; a failure is the red banner
 * at the top of the page or of the open dialog (an alert closed with "Dismiss error"), and nowhere else.
 * Each waits for what it finds.
 */

const contains = (element: HTMLElement, text: string) => element.textContent?.includes(text) === true;
const closedWith = (element: HTMLElement, label: string) => within(element).queryByRole('button', { name: label, hidden: true }) !== null;

/** The notification saying `text`. */
export const findNotification = (text: string): Promise<HTMLElement> =>
  waitFor(() => {
    const found = screen.getAllByRole('status').find((element) => contains(element, text) && closedWith(element, 'Dismiss'));
    if (!found) throw new Error(`No notification says "${text}"`);
    return found;
  });

/** The red banner at the top of the page saying `text`. */
export const findErrorBanner = (text: string, container: HTMLElement = document.body): Promise<HTMLElement> =>
  waitFor(() => {
    const found = within(container)
      .getAllByRole('alert')
      .find((element) => contains(element, text) && closedWith(element, 'Dismiss error'));
    if (!found) throw new Error(`No error banner says "${text}"`);
    return found;
  });

/** Every notification shown now (successes and failures), by text. */
export const notificationTexts = (): string[] =>
  screen
    .queryAllByRole('status')
    .filter((element) => closedWith(element, 'Dismiss'))
    .map((element) => element.textContent ?? '');

/** The confirmation dialog titled `title`: what it says, and its buttons. */
export async function findConfirmation(title: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  return {
    dialog,
    text: dialog.textContent ?? '',
    button: (name: string) => within(dialog).getByRole('button', { name }),
  };
}

/** No confirmation dialog is open (after Cancel, or once confirmed). */
export const expectNoConfirmation = (title: string) => waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
