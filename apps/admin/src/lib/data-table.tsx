import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { pageSizeMax, type SortOrder, sortOrders } from '@site/contract';
import { Alert, App, Button } from 'antd';
import type { SortOrder as ColumnSortOrder } from 'antd/es/table/interface';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { errorText } from './api-error.ts';
import { type CsvColumn, downloadCsv, toCsv } from './csv.ts';
import { formatTime } from './format.ts';

/** A ProTable column with how it reads in the CSV export (by default the cell's value or its label). */
export type TableColumn<Row> = ProColumns<Row> & { csv?: (row: Row) => string };

/**
 * The search form's values (as strings from the URL or the form), the page asked for and the
 * column sorted by (`sortBy`, a column's dataIndex, and `sortOrder`) when one is.
 */
export type TableParams = Record<string, unknown> & { current?: number; pageSize?: number };

/** The column a table is sorted by, as the contract's `sortQuery` names it. */
export interface TableSort {
  sortBy: string;
  sortOrder: SortOrder;
}

/** The export stops here: a bigger one belongs in a narrower filter (or a report of its own). */
export const exportRowsMax = 10_000;

/** The search parameter that keeps a table's sort in the URL, e.g. `sort=createdAt.desc`. */
const sortUrlParam = 'sort';

export interface TablePage<Row> {
  list: Row[];
  total: number;
}

interface DataTableProps<Row> {
  title: string;
  columns: ReadonlyArray<TableColumn<Row>>;
  rowKey: Extract<keyof Row, string>;
  fetchPage: (params: TableParams) => Promise<TablePage<Row>>;
  /** The CSV file's name without extension. */
  exportName: string;
  actionRef?: Ref<ActionType | undefined>;
  toolBarActions?: ReactNode[];
  /** The route returns the whole list: no pager. */
  isUnpaged?: boolean;
  /** A table inside a drawer keeps its page out of the URL, which belongs to the page behind it. */
  isUrlSynced?: boolean;
  /** A click on a row opens it (a link in the row gives keyboard users the same way). */
  onRowClick?: (row: Row) => void;
}

function cellText<Row>(column: TableColumn<Row>, row: Row): string {
  if (column.csv) {
    return column.csv(row);
  }
  const value =
    typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : '';
  const valueEnum = column.valueEnum as Record<string, { text: ReactNode }> | undefined;
  const label = valueEnum?.[String(value)]?.text;
  if (typeof label === 'string') {
    return label;
  }
  return value === null || value === undefined ? '' : String(value);
}

function csvColumnsOf<Row>(columns: ReadonlyArray<TableColumn<Row>>): CsvColumn<Row>[] {
  return columns
    .filter(
      (column) => !column.hideInTable && column.valueType !== 'option' && typeof column.title === 'string',
    )
    .map((column) => ({ title: String(column.title), value: (row: Row) => cellText(column, row) }));
}

/** A column of ISO times shown (and exported) in Beijing time. */
export function timeColumn<Row>(title: string, key: Extract<keyof Row, string>): TableColumn<Row> {
  const read = (row: Row) => {
    const value = row[key];
    return typeof value === 'string' ? value : null;
  };
  return {
    title,
    dataIndex: key,
    hideInSearch: true,
    width: 170,
    render: (_, row) => formatTime(read(row)),
    csv: (row) => formatTime(read(row)),
  };
}

/** `createdAt.desc` → the sort it names, when the key is one of the table's sortable columns. */
export function parseSort(text: string | null, sortableKeys: ReadonlyArray<string>): TableSort | undefined {
  const match = /^(.+)\.(asc|desc)$/.exec(text ?? '');
  const sortOrder = sortOrders.find((order) => order === match?.[2]);
  return match?.[1] && sortOrder && sortableKeys.includes(match[1])
    ? { sortBy: match[1], sortOrder }
    : undefined;
}

/** ProTable's sort (`{ createdAt: 'descend' }`, the request's second argument) as the contract names it. */
export function sortOf(sort: Record<string, ColumnSortOrder | undefined> | undefined): TableSort | undefined {
  for (const [sortBy, order] of Object.entries(sort ?? {})) {
    if (order === 'ascend' || order === 'descend') {
      return { sortBy, sortOrder: order === 'ascend' ? 'asc' : 'desc' };
    }
  }
  return undefined;
}

function withSort(params: TableParams, sort: TableSort | undefined): TableParams {
  const { [sortUrlParam]: _fromUrl, ...rest } = params;
  return sort ? { ...rest, ...sort } : rest;
}

/**
 * Every row of a query, page after page at the contract's largest page size, up to `rowsMax`:
 * what the export writes. `total` is how many rows the query holds, beyond the cap too.
 */
export async function fetchAllRows<Row>(
  fetchPage: (params: TableParams) => Promise<TablePage<Row>>,
  params: TableParams,
  rowsMax = exportRowsMax,
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let current = 1; rows.length < rowsMax; current += 1) {
    const page = await fetchPage({ ...params, current, pageSize: pageSizeMax });
    rows.push(...page.list);
    total = page.total;
    if (page.list.length < pageSizeMax || rows.length >= total) {
      break;
    }
  }
  return { rows: rows.slice(0, rowsMax), total: Math.max(total, rows.length) };
}

function downloadRows<Row>(props: DataTableProps<Row>, rows: Row[]) {
  const stamp = new Date().toISOString().slice(0, 10);
  downloadCsv(`${props.exportName}-${stamp}.csv`, toCsv(csvColumnsOf(props.columns), rows));
}

function sortableKeysOf<Row>(columns: ReadonlyArray<TableColumn<Row>>): string[] {
  return columns.flatMap((column) =>
    column.sorter === true && typeof column.dataIndex === 'string' ? [column.dataIndex] : [],
  );
}

function sortText(sort: TableSort | undefined): string | undefined {
  return sort ? `${sort.sortBy}.${sort.sortOrder}` : undefined;
}

/**
 * The sort the page's URL names, read once when the table mounts, and written back as it
 * changes. ProTable's search form also rewrites the URL (from `extraUrlParams`, which carries
 * the sort too); a table without a search form has no such form, hence the write here.
 */
function useUrlSort<Row>(props: DataTableProps<Row>) {
  const isUrlSynced = props.isUrlSynced ?? true;
  const [urlSort, setUrlSort] = useState<TableSort | undefined>(() =>
    isUrlSynced
      ? parseSort(
          new URLSearchParams(window.location.search).get(sortUrlParam),
          sortableKeysOf(props.columns),
        )
      : undefined,
  );
  const text = sortText(urlSort);
  useEffect(() => {
    if (!isUrlSynced) {
      return;
    }
    const url = new URL(window.location.href);
    if (text) {
      url.searchParams.set(sortUrlParam, text);
    } else {
      url.searchParams.delete(sortUrlParam);
    }
    if (url.search !== window.location.search) {
      window.history.replaceState(window.history.state, '', url);
    }
  }, [isUrlSynced, text]);
  return [urlSort, setUrlSort] as const;
}

/**
 * The console's table page: filters and sort in the search form and in the URL (bookmarkable,
 * survive a reload), paging and sorting on the server, an error shown with a retry, and CSV
 * export of every row the filters and sort select (up to `exportRowsMax`).
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [isExporting, setIsExporting] = useState(false);
  const [urlSort, setUrlSort] = useUrlSort(props);
  // The query of the rows shown, which the export repeats page after page.
  const shownQuery = useRef<TableParams | undefined>(undefined);
  const isUrlSynced = props.isUrlSynced ?? true;
  const hasSearch = props.columns.some(
    (column) => column.hideInSearch !== true && column.valueType !== 'option',
  );
  // The URL's sort shows in the column header and reaches the first request through ProTable.
  const proColumns = props.columns.map(({ csv: _csv, ...column }) =>
    urlSort && column.dataIndex === urlSort.sortBy
      ? {
          ...column,
          defaultSortOrder: urlSort.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const),
        }
      : column,
  );

  const exportAll = async (query: TableParams) => {
    setIsExporting(true);
    try {
      const { rows: all, total } = await fetchAllRows(props.fetchPage, query);
      if (all.length === 0) {
        void message.info('当前列表没有可导出的数据');
        return;
      }
      downloadRows(props, all);
      if (total > all.length) {
        void message.warning(
          `共 ${total} 条，超过导出上限，仅导出前 ${exportRowsMax} 条；请缩小筛选范围后分批导出`,
        );
      }
    } catch (error) {
      void message.error(`导出失败：${errorText(error)}`);
    } finally {
      setIsExporting(false);
    }
  };

  // Always enabled: a button that turns on as rows arrive fades through colours too faint to read.
  const exportRows = () => {
    if (!props.isUnpaged && shownQuery.current) {
      void exportAll(shownQuery.current);
      return;
    }
    if (rows.length === 0) {
      void message.info('当前列表没有可导出的数据');
      return;
    }
    downloadRows(props, rows);
  };

  return (
    <>
      {loadError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="加载失败"
          description={errorText(loadError)}
        />
      ) : null}
      <ProTable<Row, TableParams>
        headerTitle={props.title}
        rowKey={props.rowKey}
        columns={proColumns}
        {...(props.actionRef ? { actionRef: props.actionRef } : {})}
        search={hasSearch ? { labelWidth: 'auto', defaultCollapsed: false } : false}
        form={
          isUrlSynced
            ? {
                syncToUrl: true,
                extraUrlParams: { [sortUrlParam]: sortText(urlSort) },
              }
            : { syncToUrl: false }
        }
        options={{ density: false, setting: false, reload: true, fullScreen: false }}
        pagination={props.isUnpaged ? false : { defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 'max-content' }}
        {...(props.onRowClick
          ? {
              onRow: (row: Row) => ({
                onClick: () => props.onRowClick?.(row),
                style: { cursor: 'pointer' },
              }),
            }
          : {})}
        toolBarRender={() => [
          ...(props.toolBarActions ?? []),
          <Button key="export" loading={isExporting} onClick={exportRows}>
            导出 CSV
          </Button>,
        ]}
        request={async (params, proSort) => {
          const sort = sortOf(proSort);
          const query = withSort(params, sort);
          shownQuery.current = query;
          if (isUrlSynced) {
            setUrlSort(sort);
          }
          try {
            const page = await props.fetchPage(query);
            setLoadError(null);
            setRows(page.list);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(error);
            setRows([]);
            return { data: [], total: 0, success: false };
          }
        }}
      />
    </>
  );
}

/** A text field of the search form, or undefined when empty. */
export function textParam(params: TableParams, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A `dateTimeRange` search field (`key`) as the ISO instants the route wants, or nothing. */
export function rangeParams(
  params: TableParams,
  key = 'range',
): { startTime: string; endTime: string } | undefined {
  const range = params[key];
  if (!Array.isArray(range) || range.length !== 2) {
    return undefined;
  }
  const [start, end] = range.map((value) => new Date(String(value)));
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    return undefined;
  }
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

/** The page the table asks for, within the contract's bounds. */
export function pageParams(params: TableParams): { pageNum: number; pageSize: number } {
  return { pageNum: Number(params.current) || 1, pageSize: Number(params.pageSize) || 20 };
}

/**
 * The sort the table asks for when the route allows it (`keys`, the contract's list for the
 * route); nothing otherwise, so the route keeps its own order.
 */
export function sortParams<Key extends string>(
  params: TableParams,
  keys: ReadonlyArray<Key>,
): { sortBy: Key; sortOrder: SortOrder } | Record<string, never> {
  const sortBy = keys.find((key) => key === params.sortBy);
  const sortOrder = sortOrders.find((order) => order === params.sortOrder);
  return sortBy && sortOrder ? { sortBy, sortOrder } : {};
}
