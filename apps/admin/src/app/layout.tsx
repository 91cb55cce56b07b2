import {
  AlertOutlined,
  CommentOutlined,
  DashboardOutlined,
  FieldNumberOutlined,
  GlobalOutlined,
  LogoutOutlined,
  PlayCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { PageContainer, ProLayout } from '@ant-design/pro-components';
import { operatorRoleNames } from '@site/contract';
import { App, Button, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { callRoute } from '../lib/api-client.ts';
import { roleColors } from '../lib/labels.ts';
import { endSession, type Operator, switchSite } from '../lib/session.ts';
import { useSessionState } from '../lib/use-session.ts';
import { type MenuSection, memberDetailPath, visibleMenu } from './menu.ts';

const sectionIcons = {
  dashboard: <DashboardOutlined />,
  member: <TeamOutlined />,
  cashier: <WalletOutlined />,
  risk: <AlertOutlined />,
  site: <GlobalOutlined />,
  chat: <CommentOutlined />,
  venue: <PlayCircleOutlined />,
  lottery: <FieldNumberOutlined />,
  sportsbook: <TrophyOutlined />,
  system: <SettingOutlined />,
} satisfies Record<MenuSection['key'], ReactNode>;

/** The site the console acts on: 超级管理员 types any site id, other staff pick one of theirs. */
function SiteSwitcher(props: { operator: Operator; siteId: number }) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState<number | null>(props.siteId);
  const change = (siteId: number) => {
    switchSite(siteId);
    void message.info(`已切换到站点 ${siteId}`);
  };
  if (props.operator.siteIds.length > 0) {
    return (
      <Select
        aria-label="当前站点"
        value={props.siteId}
        style={{ width: 140 }}
        options={props.operator.siteIds.map((siteId) => ({ label: `站点 ${siteId}`, value: siteId }))}
        onChange={change}
      />
    );
  }
  return (
    <Space.Compact>
      <InputNumber
        aria-label="当前站点ID"
        addonBefore="站点"
        min={1}
        precision={0}
        value={draft}
        onChange={setDraft}
        style={{ width: 160 }}
      />
      <Button disabled={!draft || draft === props.siteId} onClick={() => draft && change(draft)}>
        切换
      </Button>
    </Space.Compact>
  );
}

/** The session ends here whatever the server answers: a console left signed in is the worse failure. */
async function signOut() {
  await callRoute('adminLogout').catch(() => null);
  endSession();
}

export function ConsoleLayout() {
  const { session, siteId } = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  if (!session) {
    return null;
  }
  const { operator } = session;
  const sections = visibleMenu(operator.permissions);
  const currentPage = sections
    .flatMap((section) => section.pages)
    .find((page) => page.path === location.pathname);
  // The detail page is not a menu entry: the menu keeps 会员列表 selected while it is open.
  const isMemberDetail = location.pathname === memberDetailPath;
  const pageTitle = isMemberDetail ? '会员详情' : (currentPage?.name ?? false);

  // Whoever signs in next starts on their own first page, not on the page this session left open.
  const confirmSignOut = () =>
    modal.confirm({
      title: '确认退出登录？',
      okText: '退出登录',
      cancelText: '取消',
      onOk: async () => {
        await signOut();
        void navigate('/', { replace: true });
      },
    });

  return (
    <ProLayout
      title="运营后台"
      logo={false}
      layout="mix"
      fixSiderbar
      siderWidth={208}
      location={{ pathname: isMemberDetail ? '/member/list' : location.pathname }}
      route={{
        path: '/',
        routes: sections.map((section) => ({
          path: section.path,
          name: section.name,
          icon: sectionIcons[section.key],
          routes: section.pages.map((page) => ({ path: page.path, name: page.name })),
        })),
      }}
      // Every group stays open, also after the console sends staff on to their home page (ProLayout
      // otherwise folds the groups around the page a route change lands on).
      menu={{ defaultOpenAll: true, ignoreFlatMenu: true }}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      actionsRender={() => [
        <SiteSwitcher key="site" operator={operator} siteId={siteId} />,
        <Space key="who" size={4}>
          <UserOutlined />
          <Typography.Text>{operator.username}</Typography.Text>
          <Tag color={roleColors[operator.role]}>{operatorRoleNames[operator.role]}</Tag>
        </Space>,
        <Button key="logout" type="text" icon={<LogoutOutlined />} onClick={confirmSignOut}>
          退出登录
        </Button>,
      ]}
    >
      <PageContainer title={pageTitle} breadcrumbRender={false}>
        {/* A site switch remounts the page, so every table asks the new site again. */}
        <Outlet key={siteId} />
      </PageContainer>
    </ProLayout>
  );
}
