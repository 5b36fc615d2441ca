import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { isCalendarDay } from '../lib/dates';

/** Days are written and shown YYYY-MM-DD, as the portal shows every date. */
const DAY_FORMAT = 'YYYY-MM-DD';

/** Names of the calendar's header buttons, which show only an arrow. */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
} as const;

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'fixOnBlur' | 'popoverProps'> {
  /** The field's text: a picked or typed day (YYYY-MM-DD), or whatever else was typed, for the form's rules to name. */
  value?: string;
  onChange: (value: string) => void;
}

/**
 * A date field: a day is typed (YYYY-MM-DD), or picked in the calendar a click on the field opens (Arrow
 * Down from the keyboard). The form holds the text as typed, so its rules still say what is wrong with a
 * day that is not one ("Not a real date"), where the picker alone would quietly turn 2028-02-30 into
 * March or drop it: the picker only takes a whole, real day, and its own correction on leaving the field
 * is off. Emptying the field empties the value (a Valid to left empty means perpetual).
 *
 * The calendar opens on a click, not on focus or typing, and closes on a pick, on typing and on leaving
 * the field: left open under a typed date it would cover the dialog's buttons, and a click meant for Save
 * would pick a day. Escape closes the calendar only, not the dialog around it.
 */
export function DateField({ value = '', onChange, onClick, onKeyDown, onBlur, ...props }: DateFieldProps) {
  const [opened, setOpened] = useState(false);
  return (
    <DateInput
      placeholder={DAY_FORMAT}
      valueFormat={DAY_FORMAT}
      dateParser={(text) => (isCalendarDay(text.trim()) ? text.trim() : null)}
      fixOnBlur={false}
      // A click on the chosen day keeps it; emptying the field (or its clear button) empties it.
      allowDeselect={false}
      value={isCalendarDay(value) ? value : null}
      onChange={(day) => {
        onChange(day ?? '');
        setOpened(false);
      }}
      // Every keystroke: the text as typed, a day or not.
      onInput={(event) => {
        onChange(event.currentTarget.value);
        setOpened(false);
      }}
      onClick={(event) => {
        setOpened((open) => !open);
        onClick?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setOpened(true);
        if (event.key === 'Escape') setOpened(false);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        setOpened(false);
        onBlur?.(event);
      }}
      popoverProps={{ opened }}
      // Read by a surrounding dialog: this Escape is the calendar's.
      data-mantine-stop-propagation={opened || undefined}
      ariaLabels={CALENDAR_LABELS}
      // No red weekends and no faded days of the next month: both are below the contrast every text meets.
      weekendDays={[]}
      hideOutsideDates
      {...props}
    />
  );
}
