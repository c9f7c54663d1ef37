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
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalContext } from '../../lib/portal-context';
import { columnChoiceKey } from '../../lib/storage';
import { EmptyState } from '../empty-state';
import { ErrorAlert } from '../error-alert';
import { alignStyle, CardFields, cellClass, RowCells } from './cells';
import { ColumnMenu } from './column-menu';
import classes from './data-table.module.css';
import { useColumnChoice } from './use-column-choice';

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
   * Free text (places, positions, notes) wraps at spaces inside the column instead of widening
   * the table, so the columns chosen for a width fit whatever the rows hold.
   */
  wrap?: boolean;
  /**
   * By default, show the column in the table only on screens at least this wide (`xl` 1408 px,
   * `xxl` 1600 px), so the key columns fit beside it; phone cards show it. The user's own choice
   * ("Columnas") overrides this at every width.
   */
  showFrom?: 'xl' | 'xxl';
}

export interface DataTableProps<T> {
  /**
   * Stable name of the table ("transportes-historico"), unique in its portal: the columns the
   * user shows or hides are remembered in this browser under it.
   */
  tableId: string;
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
  /**
   * The main action on the checked rows ("Subir factura"): first in the toolbar; on phones, held
   * at the bottom of the screen while rows are checked.
   */
  selectionAction?: ReactNode;
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
/** Mantine's `xl` and the wider breakpoint of `showFrom` (data-table.module.css). */
const XL_QUERY = '(min-width: 88em)';
const XXL_QUERY = '(min-width: 100em)';
/** A tap on these, inside a card, keeps its own meaning instead of (un)selecting the card. */
const CARD_CONTROLS = 'a, button, input, label, select, textarea, [role="button"]';

/** A column the user cannot hide: the first (it names the row) and the actions. */
function isFixed<T>(column: DataTableColumn<T>, index: number): boolean {
  return index === 0 || column.stickyEnd === true;
}

/**
 * The one table of the app (TanStack Table + Virtual): sticky header, virtualised rows (a
 * 10,000-row list keeps a few dozen rows in the DOM), keyboard-focusable rows (arrows, Home/End,
 * Enter expands, Space selects), optional detail and selection, skeleton, empty state, keyset
 * "infinite" loading, the links to the server's export (CSV, XLSX) and "Columnas", the user's
 * choice of columns, remembered per table. Below 768 px the rows are stacked cards in the page's
 * own scroll (no box scrolling inside the page); tapping a card selects it.
 */
export function DataTable<T>({
  tableId,
  data: latestData,
  columns,
  getRowId,
  label,
  getRowLabel,
  loading: loadingFirst = false,
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
  selectionAction,
  maxHeight = 'calc(100dvh - 220px)',
  estimateRowHeight = 45,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  // Rows that arrive (a page, a refresh) are rendered at transition priority, in slices between
  // which the browser stays responsive: a query's result is otherwise a blocking update
  // (useSyncExternalStore), and a screen of rich rows held the main thread for half a second
  // (Total Blocking Time, issue 21). Meanwhile the rows shown before stay, or the skeleton.
  const data = useDeferredValue(latestData);
  const loading = loadingFirst || (data !== latestData && data.length === 0);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const isXl = useMediaQuery(XL_QUERY) ?? false;
  const isXxl = useMediaQuery(XXL_QUERY) ?? false;
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  // On phones the page scrolls the cards: how far down the page the list starts.
  const [scrollMargin, setScrollMargin] = useState(0);

  const portal = usePortalContext()?.portal;
  const { choice, setShown, reset } = useColumnChoice(columnChoiceKey(portal, tableId));
  // The user's hidden columns are left out everywhere (table, cards, skeleton); exports keep all.
  const shownColumns = useMemo(
    () => columns.filter((column, index) => isFixed(column, index) || choice[column.id] !== false),
    [columns, choice],
  );
  const defaultShown = (column: DataTableColumn<T>) =>
    isPhone || !column.showFrom || (column.showFrom === 'xl' ? isXl : isXxl);
  const menuEntries = columns.map((column, index) => ({
    id: column.id,
    header: column.header,
    fixed: isFixed(column, index),
    shown: isFixed(column, index) || (choice[column.id] ?? defaultShown(column)),
  }));

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

  const rowEstimate = isPhone ? 80 + shownColumns.length * 22 : estimateRowHeight;
  const virtualOptions = {
    count: rows.length,
    estimateSize: () => rowEstimate,
    overscan: OVERSCAN,
    getItemKey: (index: number) => rows[index]?.id ?? index,
    // A row measured at 0 px (not laid out yet, or jsdom) keeps its estimate instead of
    // collapsing, which would pull ever more rows into the DOM.
    measureElement: (element: Element) => element.getBoundingClientRect().height || rowEstimate,
    // React 19 warns about flushSync inside lifecycle methods.
    useFlushSync: false,
  };
  // Desktop: the table scrolls in its own box, under a sticky header. Phone: the page scrolls.
  const boxVirtualizer = useVirtualizer({
    ...virtualOptions,
    getScrollElement: () => scrollerRef.current,
    initialRect: INITIAL_RECT,
    enabled: !isPhone,
  });
  const pageVirtualizer = useWindowVirtualizer({
    ...virtualOptions,
    scrollMargin,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    enabled: isPhone,
  });
  const virtualizer = isPhone ? pageVirtualizer : boxVirtualizer;
  const virtualItems = virtualizer.getVirtualItems();
  const lastVisible = virtualItems.at(-1)?.index ?? -1;

  // The scroller's element; on phones, also where the list starts in the page, measured again
  // whenever the page's height changes (filters folding, a notice above).
  const scrollerCallback = useCallback(
    (element: HTMLDivElement | null) => {
      scrollerRef.current = element;
      if (!element || !isPhone) return;
      const observer = new ResizeObserver(() =>
        setScrollMargin(Math.round(element.getBoundingClientRect().top + window.scrollY)),
      );
      observer.observe(document.body);
      return () => {
        observer.disconnect();
        scrollerRef.current = null;
      };
    },
    [isPhone],
  );

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
    const viewHeight = isPhone ? window.innerHeight : (scrollerRef.current?.clientHeight ?? 400);
    const page = Math.max(1, Math.floor(viewHeight / rowEstimate) - 1);
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

  // A tap on a card (not on one of its controls) checks or unchecks it, like its checkbox.
  function onCardClick(event: MouseEvent<HTMLElement>, row: Row<T>) {
    const control = (event.target as Element).closest(CARD_CONTROLS);
    if (control && event.currentTarget.contains(control)) return;
    row.toggleSelected();
  }

  const selectedCount = selectable ? (selectedIds?.length ?? 0) : 0;
  // On phones, while rows are checked, their action waits at the bottom of the screen.
  const pinAction = isPhone && selectionAction !== undefined && selectedCount > 0;
  const rowLabel = (row: Row<T>) => (getRowLabel ? getRowLabel(row.original) : row.id);
  const toolbarNode = (
    <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        {!pinAction && selectionAction}
        {toolbar}
        <Text size="sm" c="dimmed" aria-live="polite">
          {/* No count while the first page loads or failed: "0 filas" would be false. */}
          {error
            ? ''
            : loading && rows.length === 0
              ? t('tabla.loading')
              : t('tabla.rows', { count: rows.length })}
          {hasMore && !error ? ` ${t('tabla.more')}` : ''}
          {selectedCount > 0 ? ` · ${t('tabla.selected', { count: selectedCount })}` : ''}
        </Text>
      </Group>
      <Group gap="xs">
        <ColumnMenu
          tableLabel={label}
          entries={menuEntries}
          onToggle={setShown}
          onReset={reset}
          customised={Object.keys(choice).length > 0}
        />
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
  );

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
  const colSpan = shownColumns.length + extraColumns;
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
  if (loading && rows.length === 0 && isPhone) {
    body = (
      <div role="list" aria-label={label} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} role="listitem" className={classes.skeletonCard}>
            <div className={classes.cardInner}>
              {shownColumns.slice(0, 4).map((column) => (
                <Skeleton key={column.id} height={14} radius="sm" my={6} />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  } else if (loading && rows.length === 0) {
    body = (
      <table className={classes.table} aria-label={label} aria-busy="true">
        <thead>
          <tr>
            {shownColumns.map((column) => (
              <th key={column.id} className={cellClass(classes.th, column, choice)} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, i) => (
            <tr key={i}>
              {shownColumns.map((column) => (
                <td key={column.id} className={cellClass(classes.td, column, choice)}>
                  <Skeleton height={14} radius="sm" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else if (isPhone) {
    const offset = virtualizer.options.scrollMargin;
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
              data-selectable={selectable || undefined}
              ref={virtualizer.measureElement}
              className={classes.card}
              style={{ transform: `translateY(${item.start - offset}px)` }}
              tabIndex={item.index === tabStop ? 0 : -1}
              onFocus={() => setActiveIndex(item.index)}
              onKeyDown={(event) => onRowKeyDown(event, row, item.index)}
              onClick={selectable ? (event) => onCardClick(event, row) : undefined}
              aria-label={rowLabel(row)}
            >
              <div className={classes.cardInner}>
                {(selectable || renderDetail) && (
                  <Group gap="xs" mb={4}>
                    {/* The label makes the whole 44 px square a target for the checkbox. */}
                    {selectable && <label className={classes.touchTarget}>{selectBox(row)}</label>}
                    {renderDetail && expandButton(row)}
                  </Group>
                )}
                <CardFields item={row.original} columns={shownColumns} />
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
            {shownColumns.map((column) => (
              <th
                key={column.id}
                className={cellClass(classes.th, column, choice)}
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
                <RowCells item={row.original} columns={shownColumns} choice={choice} />
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
        ref={scrollerCallback}
        className={isPhone ? classes.pageList : classes.scroller}
        // While the skeleton shows, the scroller already takes its full height: the virtualiser
        // measures it then, so the first rows it renders fill it; otherwise a second render adds
        // rows and the columns widen, a layout shift (Lighthouse CLS 0.13 on the history).
        style={
          isPhone
            ? undefined
            : loading && rows.length === 0
              ? { maxHeight, height: maxHeight }
              : { maxHeight }
        }
      >
        {body}
      </div>
      {loadingMore && (
        <Text size="sm" c="dimmed" role="status" mt="xs">
          {t('tabla.loadingMore')}
        </Text>
      )}
      {pinAction && (
        <Group className={classes.actionBar} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{t('tabla.selected', { count: selectedCount })}</Text>
          {selectionAction}
        </Group>
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
