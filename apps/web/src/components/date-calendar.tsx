import {
  DatePicker,
  getDefaultClampedDate,
  type DatePickerProps,
  type DatesRangeValue,
} from '@mantine/dates';

/** What a date field holds: one day, or a range ('YYYY-MM-DD' strings). */
export type CalendarValue = string | null | DatesRangeValue<string>;

/** The calendar settings a date field passes through (labels, limits, styles). */
export type CalendarSettings = Pick<
  DatePickerProps,
  'ariaLabels' | 'hideOutsideDates' | 'minDate' | 'maxDate' | 'size'
> & {
  /** Classes of the calendar's parts (and of the field's, by the same names). */
  classNames?: Partial<Record<'day', string>>;
  /** A range may start and end on the same day. */
  allowSingleDateInRange?: boolean;
};

export interface DateCalendarProps extends CalendarSettings {
  /** One day or a range. */
  type: 'default' | 'range';
  /** The field's value. */
  value: CalendarValue;
  /** Called with each pick (a half range too). */
  onChange: (value: CalendarValue) => void;
}

/**
 * Mantine's own props of the calendar in a DatePickerInput's popover: the same class names, and
 * the marks that keep a click or Escape inside it from reaching a dialog around the field.
 */
const IN_POPOVER = { __staticSelector: 'DatePickerInput', __stopPropagation: true } as object;

/**
 * The calendar a date field opens (components/calendar-input.tsx), as Mantine's DatePickerInput
 * renders it in its dropdown: it starts at the value's month, or today's within the limits. Most
 * of @mantine/dates is here, a chunk of its own loaded only when a field is about to open
 * (issue 21: each screen ships only what it shows).
 */
export function DateCalendar({
  type,
  value,
  onChange,
  minDate,
  maxDate,
  allowSingleDateInRange,
  ...settings
}: DateCalendarProps) {
  const first = Array.isArray(value) ? value[0] : value;
  const defaultDate = first || getDefaultClampedDate({ minDate, maxDate });
  if (type === 'range') {
    return (
      <DatePicker
        type="range"
        value={Array.isArray(value) ? value : [null, null]}
        onChange={onChange}
        allowSingleDateInRange={allowSingleDateInRange}
        defaultDate={defaultDate}
        minDate={minDate}
        maxDate={maxDate}
        {...settings}
        {...IN_POPOVER}
      />
    );
  }
  return (
    <DatePicker
      value={Array.isArray(value) ? null : value}
      onChange={onChange}
      defaultDate={defaultDate}
      minDate={minDate}
      maxDate={maxDate}
      {...settings}
      {...IN_POPOVER}
    />
  );
}
