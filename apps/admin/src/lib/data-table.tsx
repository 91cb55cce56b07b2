import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Alert, App, Button } from 'antd';
import { type ReactNode, type Ref, useState } from 'react';
import { errorText } from './api-error.ts';
import { type CsvColumn, downloadCsv, toCsv } from './csv.ts';
import { formatTime } from './format.ts';

/** A ProTable column with how it reads in the CSV export (by default the cell's value or its label). */
export type TableColumn<Row> = ProColumns<Row> & { csv?: (row: Row) => string };

/** The search form's values (as strings from the URL or the form) and the page asked for. */
export type TableParams = Record<string, unknown> & { current?: number; pageSize?: number };

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

/**
 * The console's table page: filters in the search form and in the URL (bookmarkable, survive a
 * reload), paging on the server, an error shown with a retry, and CSV export of the rows shown.
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const hasSearch = props.columns.some(
    (column) => column.hideInSearch !== true && column.valueType !== 'option',
  );
  const proColumns = props.columns.map(({ csv: _csv, ...column }) => column);

  // Always enabled: a button that turns on as rows arrive fades through colours too faint to read.
  const exportRows = () => {
    if (rows.length === 0) {
      void message.info('当前列表没有可导出的数据');
      return;
    }
    const stamp = new Date().toISOString().slice(0, 10);
    downloadCsv(`${props.exportName}-${stamp}.csv`, toCsv(csvColumnsOf(props.columns), rows));
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
        form={{ syncToUrl: props.isUrlSynced ?? true }}
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
          <Button key="export" onClick={exportRows}>
            导出 CSV
          </Button>,
        ]}
        request={async (params) => {
          try {
            const page = await props.fetchPage(params);
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

/** The page the table asks for, within the contract's bounds. */
export function pageParams(params: TableParams): { pageNum: number; pageSize: number } {
  return { pageNum: Number(params.current) || 1, pageSize: Number(params.pageSize) || 20 };
}
