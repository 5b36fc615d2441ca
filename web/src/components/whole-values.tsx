import type { ReactNode } from 'react';
import { EmailText } from './email-text';

/** A value that reads as another when broken over two lines: an email, a date (year-month-day). */
const VALUE = /([^\s()]+@[^\s()]+|\d{4}-\d{2}-\d{2})/;

/**
 * `text` with each date in it kept on one line ("valid_to: 2026-01-01 → 2027-01-01") and each email
 * broken, if at all, only before its "@", however the text around them wraps (a browser breaks a date
 * after a hyphen, an email anywhere it is told to).
 */
export function WholeValues({ text }: { text: string }): ReactNode {
  // Split on a capturing pattern: the values are the odd parts.
  return text.split(VALUE).map((part, index) =>
    index % 2 === 1 && part.includes('@') ? (
      <EmailText key={index} email={part} />
    ) : index % 2 === 1 ? (
      <span key={index} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
