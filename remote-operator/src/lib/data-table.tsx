import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export type SortOrder = 'asc' | 'desc';

export interface Sort {
  key: string;
  order: SortOrder;
}

export interface Column<Row> {
  /** The column's header, also each cell's label when the table shows as cards. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort key, for a column the reader can sort by. */
  sortKey?: string;
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** What the table lists, for its caption: 'Cars'. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  /** The row's action buttons, in a last column headed 'Actions'. */
  actions?: (row: Row) => ReactNode;
  /** Shown in place of the rows when there are none. */
  empty: string;
  busy?: boolean;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A list the server sorts and pages, as a real table: `th` headers, a sort button in each
 * sortable header (`aria-sort` on the sorted one, a press turns its order), the rows' actions as
 * buttons in the tab order. At phone widths each row becomes a card, each cell labelled with its
 * column's header.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  actions,
  empty,
  busy = false,
}: DataTableProps<Row>) {
  const press = (key: string) => onSort?.({ key, order: sort?.key === key && sort.order === 'asc' ? 'desc' : 'asc' });
  return (
    <div className={styles.frame}>
      <table className={styles.table} aria-busy={busy || undefined}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && sort?.key === column.sortKey;
              return (
                <th
                  key={column.header}
                  scope="col"
                  className={column.numeric ? styles.numeric : undefined}
                  aria-sort={sorted ? ARIA_SORT[sort.order] : undefined}
                >
                  {column.sortKey !== undefined && onSort ? (
                    <button type="button" className={styles.sort} onClick={() => press(column.sortKey as string)}>
                      {column.header}
                      <SortIcon order={sorted ? sort.order : undefined} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {actions && (
              <th scope="col" className={styles.actionsHeader}>
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className={styles.empty} colSpan={columns.length + (actions ? 1 : 0)}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={styles.row}>
                {columns.map((column, index) => (
                  <td
                    key={column.header}
                    data-label={column.header}
                    className={[column.numeric && styles.numeric, index === 0 && styles.lead].filter(Boolean).join(' ')}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td data-label="Actions" className={styles.actions}>
                    {actions(row)}
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortIcon({ order }: { order: SortOrder | undefined }) {
  return (
    <svg className={styles.sortIcon} viewBox="0 0 12 16" width="10" height="14" aria-hidden="true">
      <path d="M6 1 10 6H2z" fill="currentColor" opacity={order === 'desc' ? 0.25 : order ? 1 : 0.4} />
      <path d="M6 15 2 10h8z" fill="currentColor" opacity={order === 'asc' ? 0.25 : order ? 1 : 0.4} />
    </svg>
  );
}
