import { Button, Collapse, Group, Select, SimpleGrid, type MantineSpacing } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateRangeFilter } from './date-range-filter';

export interface FilterBarProps {
  /** The filter fields, in display order; the clear button follows them. */
  children: ReactNode;
  /** Text of the clear button ("Quitar filtros"). */
  clearLabel: string;
  /** Clears the filters. */
  onClear: () => void;
  /** Some filter is set: the clear button is enabled (or shown). */
  hasFilters: boolean;
  /** Columns from the md breakpoint up (one on phones, two from xs). */
  columns?: 3 | 4;
  /** Space between the rows of fields. */
  verticalSpacing?: MantineSpacing;
  /** Leave the clear button out while no filter is set, instead of disabling it. */
  hideClearWhenEmpty?: boolean;
  /**
   * On phones (below 768 px) the fields fold behind a full-width button with this text
   * ("Filtros"), followed by the number of filters set, so the list comes first.
   */
  phoneToggle?: { label: string; active: number };
}

/**
 * The filter bar of the lists: a responsive grid of fields ending in a "Quitar filtros" button.
 */
export function FilterBar({
  children,
  clearLabel,
  onClear,
  hasFilters,
  columns = 4,
  verticalSpacing = 'xs',
  hideClearWhenEmpty = false,
  phoneToggle,
}: FilterBarProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [opened, { toggle }] = useDisclosure(false);
  let clear: ReactNode;
  if (!hideClearWhenEmpty) {
    clear = (
      <Button
        variant="subtle"
        onClick={onClear}
        disabled={!hasFilters}
        style={{ alignSelf: 'end' }}
      >
        {clearLabel}
      </Button>
    );
  } else if (hasFilters) {
    clear = (
      <Group align="flex-end">
        <Button variant="subtle" onClick={onClear}>
          {clearLabel}
        </Button>
      </Group>
    );
  }
  const grid = (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: columns }}
      spacing="sm"
      verticalSpacing={verticalSpacing}
      mb="md"
    >
      {children}
      {clear}
    </SimpleGrid>
  );
  if (!phoneToggle || !isPhone) return grid;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        onClick={toggle}
        aria-expanded={opened}
        mb="sm"
        fullWidth
      >
        {phoneToggle.active > 0
          ? `${phoneToggle.label} (${phoneToggle.active})`
          : phoneToggle.label}
      </Button>
      <Collapse expanded={opened}>{grid}</Collapse>
    </>
  );
}

/** Filters whose date range is named as the API names it. */
export interface FiltrosConFechas {
  /** First day, 'YYYY-MM-DD'. */
  fechaDesde?: string | undefined;
  /** Last day, 'YYYY-MM-DD'. */
  fechaHasta?: string | undefined;
}

export interface FilterDatesProps<T extends FiltrosConFechas> {
  /** Visible label, e.g. "Fecha de carga". */
  label: string;
  /** The current filters; the field shows their fechaDesde–fechaHasta. */
  value: T;
  /** Called with the filters and the new range. */
  onChange: (value: T) => void;
}

/** The Spanish date-range field of a filter bar, bound to `fechaDesde` and `fechaHasta`. */
export function FilterDates<T extends FiltrosConFechas>({
  label,
  value,
  onChange,
}: FilterDatesProps<T>) {
  return (
    <DateRangeFilter
      label={label}
      value={{ desde: value.fechaDesde, hasta: value.fechaHasta }}
      onChange={(range) => onChange({ ...value, fechaDesde: range.desde, fechaHasta: range.hasta })}
    />
  );
}

export interface StatusFilterProps<E extends string> {
  /** Visible label ("Estado"). */
  label: string;
  /** Every status, in display order. */
  estados: readonly E[];
  /** The Spanish name of a status. */
  estadoLabel: (estado: E) => string;
  /** Text for any status ("Todos"). */
  todosLabel: string;
  /** The chosen status; undefined for any. */
  value: E | undefined;
  /** Called with the new status, undefined for any. */
  onChange: (estado: E | undefined) => void;
  /** "Todos" is the first option and one option is always chosen; else a placeholder and ×. */
  todosOption?: boolean;
}

/** The status select of a filter bar. */
export function StatusFilter<E extends string>({
  label,
  estados,
  estadoLabel,
  todosLabel,
  value,
  onChange,
  todosOption = false,
}: StatusFilterProps<E>) {
  const options = estados.map((estado) => ({ value: estado, label: estadoLabel(estado) }));
  const change = (next: string | null) => onChange(estados.find((estado) => estado === next));
  if (todosOption) {
    return (
      <Select
        label={label}
        data={[{ value: '', label: todosLabel }, ...options]}
        value={value ?? ''}
        onChange={change}
        allowDeselect={false}
      />
    );
  }
  return (
    <Select
      label={label}
      placeholder={todosLabel}
      data={options}
      value={value ?? null}
      onChange={change}
      clearable
    />
  );
}
