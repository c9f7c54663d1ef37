import { memo, type CSSProperties } from 'react';
import type { DataTableColumn } from './data-table';
import classes from './data-table.module.css';

/**
 * A header or body cell's classes: sticky at the end; hidden on narrower screens unless the
 * user chose to show it (`choice[column.id]` is true: shown at every width).
 */
export function cellClass<T>(
  base: string | undefined,
  column: DataTableColumn<T>,
  choice: Readonly<Record<string, boolean>>,
): string {
  const chosen = choice[column.id] === true;
  return [
    base,
    column.stickyEnd && classes.stickyEnd,
    column.wrap && classes.wrap,
    !chosen && column.showFrom === 'xl' && classes.fromXl,
    !chosen && column.showFrom === 'xxl' && classes.fromXxl,
  ]
    .filter(Boolean)
    .join(' ');
}

export function alignStyle(align: DataTableColumn<unknown>['align']): CSSProperties | undefined {
  return align ? { textAlign: align } : undefined;
}

interface CellsProps<T> {
  /** The row's item. */
  item: T;
  /** The columns shown, in order. */
  columns: readonly DataTableColumn<T>[];
  /** The user's choice of columns (`true`: shown at every width). */
  choice: Readonly<Record<string, boolean>>;
}

/*
 * A row's cells are memoised on its item and the columns: the table renders again whenever the
 * virtualiser measures a row or the user moves between rows, and the cells (badges, buttons,
 * places) would render again with it, in the same blocking task (issue 21).
 */

/** The body cells of a table row. */
function RowCellsOf<T>({ item, columns, choice }: CellsProps<T>) {
  return (
    <>
      {columns.map((column) => (
        <td
          key={column.id}
          className={cellClass(classes.td, column, choice)}
          style={alignStyle(column.align)}
        >
          {column.cell(item)}
        </td>
      ))}
    </>
  );
}
export const RowCells = memo(RowCellsOf) as typeof RowCellsOf;

/**
 * The fields of a phone card: label and value pairs in a grid, not a <dl>, since a card may hold
 * values without a label (the actions), which a definition list does not allow.
 */
function CardFieldsOf<T>({ item, columns }: Omit<CellsProps<T>, 'choice'>) {
  return (
    <div className={classes.fields}>
      {columns.map((column) =>
        column.hideLabelOnCard ? (
          <div
            key={column.id}
            className={classes.value}
            style={{ gridColumn: '1 / -1', marginTop: 6 }}
          >
            {column.cell(item)}
          </div>
        ) : (
          <div key={column.id} className={classes.field}>
            <span className={classes.label}>{column.header}: </span>
            <div className={classes.value}>{column.cell(item)}</div>
          </div>
        ),
      )}
    </div>
  );
}
export const CardFields = memo(CardFieldsOf) as typeof CardFieldsOf;
