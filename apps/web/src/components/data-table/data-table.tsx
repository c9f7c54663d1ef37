import { ActionIcon, Button, Checkbox, Group, Skeleton, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconDownload } from '@tabler/icons-react';
import {
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type Row,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state';
import classes from './data-table.module.css';
import { ErrorAlert } from '../error-alert';

/** One column of a DataTable. */
export interface DataTableColumn<T> {
  /** Stable id of the column. */
  id: string;
  /** Heading in Spanish. */
  header: string;
  /** What the cell shows. */
  cell: (row: T) => ReactNode;
  /** CSS width of the column (px number or any CSS length). */
  width?: number | string;
  /** Horizontal alignment; numbers and money go right. */
  align?: 'left' | 'right' | 'center';
  /** On phone cards, show the cell without its heading (e.g. the actions). */
  hideLabelOnCard?: boolean;
  /** Keep the column visible at the right edge while the table scrolls sideways (actions). */
  stickyEnd?: boolean;
  /**
   * Show the column in the table only on screens at least this wide (`xl` 1408 px, `xxl`
   * 1600 px), so the key columns fit beside it; phone cards always show it.
   */
  showFrom?: 'xl' | 'xxl';
}

export interface DataTableProps<T> {
  /** The rows loaded so far (every page of an infinite query, flattened). */
  data: readonly T[];
  /** Columns in display order. */
  columns: readonly DataTableColumn<T>[];
  /** Stable id of a row (selection and React keys). */
  getRowId: (row: T) => string;
  /** Accessible name of the table, e.g. "Cargas disponibles". */
  label: string;
  /** Short text naming a row for screen readers ("Carga C26-5001"); defaults to its id. */
  getRowLabel?: (row: T) => string;
  /** First page still loading: shows skeleton rows. */
  loading?: boolean;
  /** A loading error to show instead of the rows (Spanish message). */
  error?: string;
  /** Asks for the list again after an error (the error shows a "Reintentar" button). */
  onRetry?: () => void;
  /** The list is being asked for again (the retry button shows it). */
  retrying?: boolean;
  /** Text when there are no rows, e.g. "No hay cargas que coincidan con los filtros." */
  emptyMessage?: string;
  /** Content of the expandable detail of a row; rows are not expandable without it. */
  renderDetail?: (row: T) => ReactNode;
  /** Adds a checkbox column; use with selectedIds and onSelectionChange. */
  selectable?: boolean;
  /** Ids of the checked rows (controlled). */
  selectedIds?: readonly string[];
  /** Called with the new checked ids when the user (un)checks rows. */
  onSelectionChange?: (ids: string[]) => void;
  /** Called when the user scrolls near the last loaded row and `hasMore` (keyset: fetchNextPage). */
  onEndReached?: () => void;
  /** More rows can be fetched from the server. */
  hasMore?: boolean;
  /** The next page is being fetched. */
  loadingMore?: boolean;
  /** URLs of the server's export of the whole filtered set (CSV and XLSX), not only the loaded rows. */
  exportUrls?: { csv: string; xlsx: string };
  /** Extra toolbar content, left of the export buttons. */
  toolbar?: ReactNode;
  /** Largest height of the scrolling area (CSS length); the header stays visible inside it. */
  maxHeight?: string | number;
  /** Estimated row height in px (desktop), to size the scroll bar before rows are measured. */
  estimateRowHeight?: number;
}

/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN = 6;
/** Fetch the next page this many rows before the end. */
const END_THRESHOLD = 10;
/** What jsdom and the first render assume before the scroller is measured. */
const INITIAL_RECT = { width: 1024, height: 640 };

/** A header or body cell's classes: sticky at the end, hidden on narrower screens. */
function cellClass<T>(base: string | undefined, column: DataTableColumn<T>): string {
  return [
    base,
    column.stickyEnd && classes.stickyEnd,
    column.showFrom === 'xl' && classes.fromXl,
    column.showFrom === 'xxl' && classes.fromXxl,
  ]
    .filter(Boolean)
    .join(' ');
}

function alignStyle(align: DataTableColumn<unknown>['align']): CSSProperties | undefined {
  return align ? { textAlign: align } : undefined;
}

/**
 * The one table of the app (TanStack Table + Virtual): sticky header, virtualised rows (a
 * 10,000-row list keeps a few dozen rows in the DOM), keyboard-focusable rows (arrows, Home/End,
 * Enter expands, Space selects), optional detail and selection, skeleton, empty state, keyset
 * "infinite" loading and the links to the server's export (CSV, XLSX). Below 768 px it renders the rows as stacked cards.
 */
export function DataTable<T>({
  data,
  columns,
  getRowId,
  label,
  getRowLabel,
  loading = false,
  error,
  onRetry,
  retrying = false,
  emptyMessage,
  renderDetail,
  selectable = false,
  selectedIds,
  onSelectionChange,
  onEndReached,
  hasMore = false,
  loadingMore = false,
  exportUrls,
  toolbar,
  maxHeight = 'calc(100dvh - 220px)',
  estimateRowHeight = 45,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries((selectedIds ?? []).map((id) => [id, true])),
    [selectedIds],
  );
  const onRowSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      onSelectionChange?.(Object.keys(next).filter((id) => next[id]));
    },
    [rowSelection, onSelectionChange],
  );

  const tableColumns = useMemo<ColumnDef<T>[]>(
    () => columns.map((column) => ({ id: column.id, header: column.header })),
    [columns],
  );
  // TanStack Table returns mutable helpers the React Compiler cannot memoise; we don't use it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: data as T[],
    columns: tableColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowCanExpand: () => renderDetail !== undefined,
    enableRowSelection: selectable,
    state: { rowSelection, expanded },
    onRowSelectionChange,
    onExpandedChange: setExpanded,
  });
  const rows = table.getRowModel().rows;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => (isPhone ? 80 + columns.length * 22 : estimateRowHeight),
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    getItemKey: (index) => rows[index]?.id ?? index,
    // A row measured at 0 px (not laid out yet, or jsdom) keeps its estimate instead of
    // collapsing, which would pull ever more rows into the DOM.
    measureElement: (element) =>
      element.getBoundingClientRect().height ||
      (isPhone ? 80 + columns.length * 22 : estimateRowHeight),
    // React 19 warns about flushSync inside lifecycle methods.
    useFlushSync: false,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastVisible = virtualItems.at(-1)?.index ?? -1;

  // Keyset "infinite" loading: ask for the next page when the end comes into view.
  useEffect(() => {
    if (!onEndReached || !hasMore || loadingMore) return;
    if (rows.length === 0 || lastVisible >= rows.length - END_THRESHOLD) onEndReached();
  }, [lastVisible, rows.length, hasMore, loadingMore, onEndReached]);

  // The roving tab stop, kept on an existing row when the list shrinks.
  const tabStop = Math.min(activeIndex, Math.max(0, rows.length - 1));

  // Focus a row moved to with the keyboard once the virtualiser has rendered it.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const element = scrollerRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus({ preventScroll: true });
    }
  });

  function moveTo(index: number) {
    const target = Math.min(Math.max(index, 0), rows.length - 1);
    if (target < 0) return;
    setActiveIndex(target);
    pendingFocus.current = target;
    virtualizer.scrollToIndex(target, { align: 'auto' });
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLElement>, row: Row<T>, index: number) {
    // Keys inside the row's own controls (buttons, checkboxes) keep their meaning.
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor((scrollerRef.current?.clientHeight ?? 400) / 45) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(index + 1),
      ArrowUp: () => moveTo(index - 1),
      PageDown: () => moveTo(index + page),
      PageUp: () => moveTo(index - page),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      Enter: () => row.getCanExpand() && row.toggleExpanded(),
      ' ': () => selectable && row.toggleSelected(),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  const rowLabel = (row: Row<T>) => (getRowLabel ? getRowLabel(row.original) : row.id);
  const showToolbar = toolbar !== undefined || exportUrls || selectable;
  const toolbarNode = showToolbar ? (
    <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        {toolbar}
        <Text size="sm" c="dimmed" aria-live="polite">
          {/* No count while the first page loads or failed: "0 filas" would be false. */}
          {error
            ? ''
            : loading && rows.length === 0
              ? t('tabla.loading')
              : t('tabla.rows', { count: rows.length })}
          {hasMore && !error ? ` ${t('tabla.more')}` : ''}
          {selectable && selectedIds && selectedIds.length > 0
            ? ` · ${t('tabla.selected', { count: selectedIds.length })}`
            : ''}
        </Text>
      </Group>
      <Group gap="xs">
        {exportUrls &&
          (['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              component="a"
              href={exportUrls[format]}
              download
              variant="default"
              size="xs"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t(format === 'csv' ? 'tabla.exportAll' : 'tabla.exportAllXlsx')}
            </Button>
          ))}
      </Group>
    </Group>
  ) : null;

  if (error) {
    return (
      <>
        {toolbarNode}
        <ErrorAlert onRetry={onRetry} retrying={retrying}>
          {error}
        </ErrorAlert>
      </>
    );
  }

  if (!loading && rows.length === 0) {
    return (
      <>
        {toolbarNode}
        <EmptyState message={emptyMessage ?? t('tabla.empty')} />
      </>
    );
  }

  const extraColumns = (selectable ? 1 : 0) + (renderDetail ? 1 : 0);
  const colSpan = columns.length + extraColumns;
  const totalSize = virtualizer.getTotalSize();
  const paddingTop = virtualItems[0]?.start ?? 0;
  const paddingBottom = Math.max(0, totalSize - (virtualItems.at(-1)?.end ?? 0));
  const allSelected = table.getIsAllRowsSelected();
  const someSelected = table.getIsSomeRowsSelected();

  const selectBox = (row: Row<T>) => (
    <Checkbox
      aria-label={t('tabla.selectRow', { label: rowLabel(row) })}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
      tabIndex={-1}
    />
  );
  const expandButton = (row: Row<T>) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-expanded={row.getIsExpanded()}
      aria-label={t(row.getIsExpanded() ? 'tabla.collapse' : 'tabla.expand', {
        label: rowLabel(row),
      })}
      onClick={row.getToggleExpandedHandler()}
      tabIndex={-1}
    >
      {row.getIsExpanded() ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
    </ActionIcon>
  );

  let body: ReactNode;
  if (loading && rows.length === 0) {
    body = (
      <table className={classes.table} aria-label={label} aria-busy="true">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} className={classes.th} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, i) => (
            <tr key={i}>
              {columns.map((column) => (
                <td key={column.id} className={classes.td}>
                  <Skeleton height={14} radius="sm" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else if (isPhone) {
    body = (
      <div role="list" aria-label={label} className={classes.cards} style={{ height: totalSize }}>
        {virtualItems.map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              data-row-index={item.index}
              data-selected={row.getIsSelected() || undefined}
              ref={virtualizer.measureElement}
              className={classes.card}
              style={{ transform: `translateY(${item.start}px)` }}
              tabIndex={item.index === tabStop ? 0 : -1}
              onFocus={() => setActiveIndex(item.index)}
              onKeyDown={(event) => onRowKeyDown(event, row, item.index)}
              aria-label={rowLabel(row)}
            >
              <div className={classes.cardInner}>
                {(selectable || renderDetail) && (
                  <Group gap="xs" mb={4}>
                    {selectable && selectBox(row)}
                    {renderDetail && expandButton(row)}
                  </Group>
                )}
                {/* Label and value pairs in a grid, not a <dl>: a card may hold values without a
                    label (the actions), which a definition list does not allow. */}
                <div className={classes.fields}>
                  {columns.map((column) =>
                    column.hideLabelOnCard ? (
                      <div
                        key={column.id}
                        className={classes.value}
                        style={{ gridColumn: '1 / -1', marginTop: 6 }}
                      >
                        {column.cell(row.original)}
                      </div>
                    ) : (
                      <div key={column.id} className={classes.field}>
                        <span className={classes.label}>{column.header}: </span>
                        <div className={classes.value}>{column.cell(row.original)}</div>
                      </div>
                    ),
                  )}
                </div>
                {row.getIsExpanded() && renderDetail && (
                  <div className={classes.detail} style={{ paddingLeft: 12, marginTop: 8 }}>
                    {renderDetail(row.original)}
                  </div>
                )}
              </div>
            </div>
          );
        })}
      </div>
    );
  } else {
    body = (
      <table className={classes.table} aria-label={label} aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {selectable && (
              <th className={classes.th} scope="col" style={{ width: 44 }}>
                <Checkbox
                  aria-label={t('tabla.selectAll')}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              </th>
            )}
            {renderDetail && (
              <th className={classes.th} scope="col" style={{ width: 44 }}>
                <span className="sr-only" style={visuallyHidden}>
                  {t('tabla.detail')}
                </span>
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.id}
                className={cellClass(classes.th, column)}
                scope="col"
                style={{ width: column.width, ...alignStyle(column.align) }}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {paddingTop > 0 && (
          <tbody aria-hidden="true">
            <tr>
              <td className={classes.spacer} colSpan={colSpan} style={{ height: paddingTop }} />
            </tr>
          </tbody>
        )}
        {virtualItems.map((item) => {
          const row = rows[item.index]!;
          return (
            <tbody key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
              <tr
                className={classes.row}
                data-row-index={item.index}
                data-selected={row.getIsSelected() || undefined}
                aria-rowindex={item.index + 2}
                aria-selected={selectable ? row.getIsSelected() : undefined}
                tabIndex={item.index === tabStop ? 0 : -1}
                onFocus={() => setActiveIndex(item.index)}
                onKeyDown={(event) => onRowKeyDown(event, row, item.index)}
              >
                {selectable && <td className={classes.td}>{selectBox(row)}</td>}
                {renderDetail && <td className={classes.td}>{expandButton(row)}</td>}
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cellClass(classes.td, column)}
                    style={alignStyle(column.align)}
                  >
                    {column.cell(row.original)}
                  </td>
                ))}
              </tr>
              {row.getIsExpanded() && renderDetail && (
                <tr>
                  <td className={classes.detail} colSpan={colSpan}>
                    {renderDetail(row.original)}
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
        {paddingBottom > 0 && (
          <tbody aria-hidden="true">
            <tr>
              <td className={classes.spacer} colSpan={colSpan} style={{ height: paddingBottom }} />
            </tr>
          </tbody>
        )}
      </table>
    );
  }

  return (
    <>
      {toolbarNode}
      <div
        ref={scrollerRef}
        className={classes.scroller}
        // While the skeleton shows, the scroller already takes its full height: the virtualiser
        // measures it then, so the first rows it renders fill it; otherwise a second render adds
        // rows and the columns widen, a layout shift (Lighthouse CLS 0.13 on the history).
        style={loading && rows.length === 0 ? { maxHeight, height: maxHeight } : { maxHeight }}
      >
        {body}
      </div>
      {loadingMore && (
        <Text size="sm" c="dimmed" role="status" mt="xs">
          {t('tabla.loadingMore')}
        </Text>
      )}
    </>
  );
}

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
