import {
  getFormattedDate,
  PickerInputBase,
  useDatesContext,
  type DateInputSharedProps,
} from '@mantine/dates';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { CalendarSettings, CalendarValue, DateCalendarProps } from './date-calendar';

type Calendar = ComponentType<DateCalendarProps>;

/** The calendar once loaded: every field opens at once from then on. */
let loadedCalendar: Calendar | undefined;
let calendarLoad: Promise<Calendar> | undefined;

/**
 * Loads the calendar (components/date-calendar.tsx, most of @mantine/dates) once; a failed load
 * is tried again by the next caller.
 */
function loadCalendar(): Promise<Calendar> {
  calendarLoad ??= import('./date-calendar').then(
    (module) => (loadedCalendar = module.DateCalendar),
    (error: unknown) => {
      calendarLoad = undefined;
      throw error;
    },
  );
  return calendarLoad;
}

/** Starts loading the calendar when a field is about to be used (pointed at, focused). */
function preloadCalendar(): void {
  loadCalendar().catch(() => undefined);
}

export interface CalendarInputProps
  extends
    CalendarSettings,
    Pick<
      DateInputSharedProps,
      | 'label'
      | 'placeholder'
      | 'error'
      | 'withAsterisk'
      | 'description'
      | 'clearable'
      | 'clearButtonProps'
      | 'popoverProps'
      | 'className'
    > {
  /** One day or a range. */
  type: 'default' | 'range';
  /** 'YYYY-MM-DD' strings; a range is a tuple whose ends may be null. */
  value: CalendarValue;
  /** Called with each pick (a half range too) and with the cleared value. */
  onChange: (value: CalendarValue) => void;
  /** dayjs format of the shown value. */
  valueFormat: string;
  /** Left section of the field (its icon). */
  leftSection?: ReactNode;
}

/**
 * Mantine's DatePickerInput (the same field, popover and calendar, closing once a day or both
 * ends of a range are picked) with its calendar loaded apart: the field is in the page's chunk,
 * the calendar arrives when the field is pointed at or focused, and at the latest when it is
 * opened, which then waits for it (issue 21: each screen ships only what it shows).
 */
export function CalendarInput({
  type,
  value,
  onChange,
  valueFormat,
  ariaLabels,
  hideOutsideDates,
  classNames,
  minDate,
  maxDate,
  size = 'sm',
  allowSingleDateInRange,
  ...input
}: CalendarInputProps) {
  const dates = useDatesContext();
  const [opened, setOpened] = useState(false);
  const [Calendar, setCalendar] = useState<Calendar | undefined>(() => loadedCalendar);

  const open = () => {
    if (Calendar) {
      setOpened(true);
      return;
    }
    loadCalendar().then(
      (loaded) => {
        setCalendar(() => loaded);
        setOpened(true);
      },
      // A chunk that did not arrive (offline): the field stays closed; the next click retries.
      (error: unknown) => console.warn('No se ha podido cargar el calendario', error),
    );
  };
  const close = () => setOpened(false);
  const handlers = {
    open,
    close,
    toggle: () => (opened ? close() : open()),
    set: (next: boolean) => (next ? open() : close()),
  };

  const pick = (next: CalendarValue) => {
    if (type === 'default' || (Array.isArray(next) && next[0] && next[1])) close();
    onChange(next);
  };

  return (
    <PickerInputBase
      {...input}
      type={type}
      value={value}
      size={size}
      formattedValue={getFormattedDate({
        type,
        date: value,
        locale: dates.getLocale(),
        format: valueFormat,
        labelSeparator: dates.getLabelSeparator(),
      })}
      dropdownOpened={opened}
      dropdownHandlers={handlers}
      dropdownType="popover"
      onClear={() => pick(type === 'range' ? [null, null] : null)}
      shouldClear={Array.isArray(value) ? !!value[0] : value !== null}
      classNames={classNames}
      onPointerEnter={preloadCalendar}
      onFocus={preloadCalendar}
      __staticSelector="DatePickerInput"
    >
      {Calendar && (
        <Calendar
          type={type}
          value={value}
          onChange={pick}
          ariaLabels={ariaLabels}
          hideOutsideDates={hideOutsideDates}
          classNames={classNames}
          minDate={minDate}
          maxDate={maxDate}
          size={size}
          allowSingleDateInRange={allowSingleDateInRange}
        />
      )}
    </PickerInputBase>
  );
}
