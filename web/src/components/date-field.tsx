import { DateInput, type DateInputProps } from '@mantine/dates';
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
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'fixOnBlur'> {
  /** The field's text: a picked or typed day (YYYY-MM-DD), or whatever else was typed, for the form's rules to name. */
  value?: string;
  onChange: (value: string) => void;
}

/**
 * A date field: a day is typed (YYYY-MM-DD) or picked in the calendar that opens below it. The form holds
 * the text as typed, so its rules still say what is wrong with a day that is not one ("Not a real
 * date"), where a date picker alone would quietly turn 2028-02-30 into March or drop it: the picker only
 * takes a whole, real day, and its own correction on leaving the field is off. Emptying the field empties
 * the value (a Valid to left empty means perpetual).
 */
export function DateField({ value = '', onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      placeholder={DAY_FORMAT}
      valueFormat={DAY_FORMAT}
      dateParser={(text) => (isCalendarDay(text.trim()) ? text.trim() : null)}
      fixOnBlur={false}
      allowDeselect
      value={isCalendarDay(value) ? value : null}
      onChange={(day) => onChange(day ?? '')}
      // Every keystroke: the text as typed, a day or not.
      onInput={(event) => onChange(event.currentTarget.value)}
      ariaLabels={CALENDAR_LABELS}
      // No red weekends and no faded days of the next month: both are below the contrast every text meets.
      weekendDays={[]}
      hideOutsideDates
      {...props}
    />
  );
}
