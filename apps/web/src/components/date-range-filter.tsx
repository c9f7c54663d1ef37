import type { DatesRangeValue, DateValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarInput, type CalendarInputProps } from './calendar-input';
import classes from './date-picker.module.css';

/** A date range as the API speaks it: 'YYYY-MM-DD' strings, either end optional. */
export interface DateRange {
  desde?: string;
  hasta?: string;
}

/** A picker value (string or Date) as 'YYYY-MM-DD', or undefined. */
function toIso(value: DateValue | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return dayjs(value).format('YYYY-MM-DD');
  return value.slice(0, 10);
}

/**
 * Mantine closes the calendar without giving the focus back (`returnFocus: false`): a keyboard
 * user who picks a day would be left on the page's body (WCAG 2.4.3, e2e/a11y/keyboard.spec).
 */
const RETURN_FOCUS = { returnFocus: true };

/**
 * What every calendar of the app shares (issue 20.8): Spanish names for the month/year buttons
 * and for the calendar's dialog (named after its field), contrast that passes WCAG AA and the
 * focus given back on close.
 */
function usePickerProps(label: string) {
  const { t } = useTranslation();
  return {
    popoverProps: {
      ...RETURN_FOCUS,
      attributes: { dropdown: { 'aria-label': t('calendario.dialogo', { campo: label }) } },
    },
    ariaLabels: {
      previousMonth: t('calendario.mesAnterior'),
      nextMonth: t('calendario.mesSiguiente'),
      previousYear: t('calendario.anioAnterior'),
      nextYear: t('calendario.anioSiguiente'),
      previousDecade: t('calendario.decadaAnterior'),
      nextDecade: t('calendario.decadaSiguiente'),
      // The month and year buttons keep their visible text as their name ("noviembre 2026"):
      // an aria-label would hide which month is shown (WCAG 2.5.3, label in name).
    },
    hideOutsideDates: true,
    classNames: { day: classes.day },
  } satisfies Partial<CalendarInputProps>;
}

/** The picker's tuple for a DateRange. */
export function toPickerValue(range: DateRange): DatesRangeValue<string> {
  return [range.desde ?? null, range.hasta ?? null];
}

/** A DateRange from the picker's tuple (strings or Dates), in order. */
export function fromPickerValue(value: DatesRangeValue<DateValue>): DateRange {
  const [start, end] = value;
  const desde = toIso(start);
  const hasta = toIso(end);
  if (desde && hasta && desde > hasta) return { desde: hasta, hasta: desde };
  return { ...(desde ? { desde } : {}), ...(hasta ? { hasta } : {}) };
}

export interface DateRangeFilterProps {
  /** Visible label of the field, e.g. "Fecha de carga". */
  label: string;
  /** The current range ('YYYY-MM-DD'). */
  value: DateRange;
  /** Called with a complete range (both ends) or an empty one when cleared. */
  onChange: (range: DateRange) => void;
  /** Placeholder when no range is chosen. */
  placeholder?: string;
  /** Earliest selectable day ('YYYY-MM-DD'). */
  minDate?: string;
  /** Latest selectable day ('YYYY-MM-DD'). */
  maxDate?: string;
  /** Extra class for layout (e.g. a grid cell). */
  className?: string;
}

/**
 * A Spanish date-range field (Mantine's DatePickerInput, its calendar loaded apart:
 * calendar-input.tsx; the calendar locale of the app's DatesProvider gives D L Ma Mi J V S and
 * Enero … Diciembre). It reports a range once both ends are picked, so a half-picked range does
 * not refetch lists.
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
  placeholder,
  minDate,
  maxDate,
  className,
}: DateRangeFilterProps) {
  const { t } = useTranslation();
  const pickerProps = usePickerProps(label);
  const [draft, setDraft] = useState<DatesRangeValue<string>>(() => toPickerValue(value));
  // A new value from the parent (e.g. "Quitar filtros") replaces the half-picked draft.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(toPickerValue(value));
  }

  return (
    <CalendarInput
      type="range"
      label={label}
      placeholder={placeholder ?? t('tabla.dateRangePlaceholder')}
      value={draft}
      onChange={(next) => {
        const range = fromPickerValue(Array.isArray(next) ? next : [next, null]);
        setDraft(toPickerValue(range));
        const complete = range.desde !== undefined && range.hasta !== undefined;
        const cleared = range.desde === undefined && range.hasta === undefined;
        if (complete || cleared) onChange(range);
      }}
      valueFormat="DD/MM/YYYY"
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': t('tabla.clearDates') }}
      {...pickerProps}
      minDate={minDate}
      maxDate={maxDate}
      leftSection={<IconCalendar size={16} aria-hidden />}
      className={className}
    />
  );
}

export interface DateFieldProps {
  /** Visible label, e.g. "Disponible desde". */
  label: string;
  /** The date as 'YYYY-MM-DD', or null. */
  value: string | null;
  /** Called with 'YYYY-MM-DD' or null when cleared. */
  onChange: (value: string | null) => void;
  /** Validation message (Spanish). */
  error?: string;
  /** Earliest selectable day ('YYYY-MM-DD'). */
  minDate?: string;
  /** Latest selectable day ('YYYY-MM-DD'). */
  maxDate?: string;
  /** Marks the field as required (asterisk; the message says what is missing). */
  required?: boolean;
  /** Help below the label. */
  description?: string;
}

/** One Spanish calendar date (same picker and styles as the range filter). */
export function DateField({
  label,
  value,
  onChange,
  error,
  minDate,
  maxDate,
  required = false,
  description,
}: DateFieldProps) {
  const { t } = useTranslation();
  const pickerProps = usePickerProps(label);
  return (
    <CalendarInput
      type="default"
      label={label}
      value={value}
      onChange={(next) => onChange(toIso(Array.isArray(next) ? next[0] : next) ?? null)}
      valueFormat="DD/MM/YYYY"
      clearable
      clearButtonProps={{ 'aria-label': t('tabla.clearDate') }}
      {...pickerProps}
      error={error}
      // The field is a button: the asterisk shows it is required, the error says what is missing.
      withAsterisk={required}
      description={description}
      minDate={minDate}
      maxDate={maxDate}
      leftSection={<IconCalendar size={16} aria-hidden />}
    />
  );
}
