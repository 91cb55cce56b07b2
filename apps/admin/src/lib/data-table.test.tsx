import { pageSizeMax } from '@site/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/app.tsx';
import { DataTable, exportRowsMax, type TableColumn, type TableParams } from './data-table.tsx';

const downloads = vi.hoisted(() => [] as Array<{ fileName: string; text: string }>);
vi.mock('./csv.ts', async (original) => ({
  ...(await original<typeof import('./csv.ts')>()),
  downloadCsv: (fileName: string, text: string) => downloads.push({ fileName, text }),
}));

interface Row {
  id: number;
  amount: string;
  createdAt: string;
}

const columns: TableColumn<Row>[] = [
  { title: '编号', dataIndex: 'id', hideInSearch: true },
  { title: '金额', dataIndex: 'amount', hideInSearch: true, sorter: true },
  { title: '时间', dataIndex: 'createdAt', hideInSearch: true, sorter: true },
];

/** A server of `total` rows answering any page asked for. */
function serverOf(total: number) {
  return vi.fn(async (params: TableParams) => {
    const pageSize = Number(params.pageSize) || 20;
    const first = ((Number(params.current) || 1) - 1) * pageSize;
    const ids = Array.from(
      { length: Math.max(0, Math.min(pageSize, total - first)) },
      (_, i) => first + i + 1,
    );
    return {
      list: ids.map((id) => ({ id, amount: `${id}.00`, createdAt: '2026-11-22T04:00:00.000Z' })),
      total,
    };
  });
}

function renderTable(fetchPage: (params: TableParams) => Promise<{ list: Row[]; total: number }>, url = '/') {
  window.history.replaceState(null, '', url);
  render(
    <AppProviders client={createQueryClient()}>
      <DataTable<Row>
        title="测试列表"
        rowKey="id"
        columns={columns}
        exportName="测试"
        fetchPage={fetchPage}
      />
    </AppProviders>,
  );
}

/** The clickable header of a sortable column (antd also renders the title in a tooltip). */
function sortHeader(title: string): HTMLElement {
  const header = screen.getAllByText(title).find((element) => element.closest('th'));
  if (!header) {
    throw new Error(`no column header ${title}`);
  }
  return header;
}

beforeEach(() => {
  downloads.length = 0;
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('DataTable sorting', () => {
  it('asks the server for the clicked column, both ways, and keeps the sort in the URL', async () => {
    const fetchPage = serverOf(3);
    renderTable(fetchPage);
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.lastCall?.[0]).not.toHaveProperty('sortBy');

    fireEvent.click(sortHeader('金额'));
    await waitFor(() =>
      expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ sortBy: 'amount', sortOrder: 'asc' }),
    );
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toBe('amount.asc'));

    fireEvent.click(sortHeader('金额'));
    await waitFor(() =>
      expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ sortBy: 'amount', sortOrder: 'desc' }),
    );
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toBe('amount.desc'));
  });

  it('reads the sort back from the URL on load, and ignores a column that does not sort', async () => {
    const fetchPage = serverOf(3);
    renderTable(fetchPage, '/?sort=createdAt.desc');
    await waitFor(() =>
      expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' }),
    );
    expect(fetchPage.mock.lastCall?.[0]).not.toHaveProperty('sort');

    const unsorted = serverOf(3);
    renderTable(unsorted, '/?sort=id.desc');
    await waitFor(() => expect(unsorted).toHaveBeenCalled());
    expect(unsorted.mock.lastCall?.[0]).not.toHaveProperty('sortBy');
  });
});

describe('DataTable sorting beside a search form', () => {
  it('keeps both the filters and the sort of the URL', async () => {
    const fetchPage = serverOf(3);
    window.history.replaceState(null, '', '/?memo=abc&sort=amount.desc');
    render(
      <AppProviders client={createQueryClient()}>
        <DataTable<Row & { memo?: string }>
          title="测试列表"
          rowKey="id"
          columns={[...columns, { title: '备注', dataIndex: 'memo', hideInTable: true }]}
          exportName="测试"
          fetchPage={fetchPage}
        />
      </AppProviders>,
    );
    await waitFor(() =>
      expect(fetchPage.mock.lastCall?.[0]).toMatchObject({
        memo: 'abc',
        sortBy: 'amount',
        sortOrder: 'desc',
      }),
    );
    fireEvent.click(sortHeader('时间'));
    await waitFor(() =>
      expect(fetchPage.mock.lastCall?.[0]).toMatchObject({
        memo: 'abc',
        sortBy: 'createdAt',
        sortOrder: 'asc',
      }),
    );
    await waitFor(() => {
      const search = new URLSearchParams(window.location.search);
      expect([search.get('memo'), search.get('sort')]).toEqual(['abc', 'createdAt.asc']);
    });
  });
});

describe('DataTable export', () => {
  it('exports every row of the filters and sort, page after page at the largest page size', async () => {
    const fetchPage = serverOf(250);
    renderTable(fetchPage, '/?sort=amount.desc');
    await screen.findByText('1.00');
    fetchPage.mockClear();

    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(fetchPage.mock.calls.map(([params]) => [params.current, params.pageSize])).toEqual([
      [1, pageSizeMax],
      [2, pageSizeMax],
      [3, pageSizeMax],
    ]);
    expect(fetchPage.mock.calls.every(([params]) => params.sortBy === 'amount')).toBe(true);
    // A heading line, then one line per row.
    expect(downloads[0]?.text.trim().split('\r\n')).toHaveLength(251);
  });

  it('stops at the cap and says so', async () => {
    const fetchPage = serverOf(exportRowsMax + 500);
    renderTable(fetchPage);
    await screen.findByText('1.00');
    fetchPage.mockClear();

    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(fetchPage).toHaveBeenCalledTimes(exportRowsMax / pageSizeMax);
    expect(downloads[0]?.text.trim().split('\r\n')).toHaveLength(exportRowsMax + 1);
    expect(await screen.findByText(/仅导出前 10000 条/)).toBeTruthy();
  });

  it('says when a page fails and downloads nothing', async () => {
    const fetchPage = serverOf(250);
    renderTable(fetchPage);
    await screen.findByText('1.00');
    fetchPage.mockRejectedValueOnce(new Error('network down'));

    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    expect(await screen.findByText(/导出失败/)).toBeTruthy();
    expect(downloads).toHaveLength(0);
  });
});
