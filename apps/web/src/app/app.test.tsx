import { render, screen } from '@testing-library/react';
import { ErrorBlock } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { Providers } from './app.tsx';

describe('providers', () => {
  it('replaces antd-mobile empty text with 暂无数据', () => {
    render(
      <Providers>
        <ErrorBlock status="empty" />
      </Providers>,
    );
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByText('没有找到你需要的东西')).toBeNull();
  });
});
