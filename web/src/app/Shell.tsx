/** The page frame: header (back + title, or the tab title and theme switch; the document's title follows), content, tab bar. */
import { useMantineColorScheme } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { getToken } from '../api/client';
import { loginRedirect, paths } from '../lib/paths';
import { ApiEffectsBridge } from '../ui/ApiEffectsBridge';
import { BackIcon, MoonIcon, ShellIconSvg, SunIcon } from '../ui/icons';
import { ConnectionBanner, LoadingBar } from '../ui/StatusIndicators';
import classes from '../ui/shell.module.css';
import type { RouteDef } from './routes';
import { TABS, type TabKey } from './tabs';
import { PageSkeleton } from '../ui/PageSkeleton';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { skeletonFor } from './routeSkeletons';
import { PullToRefresh } from '../ui/PullToRefresh';
import { PageErrorBoundary } from '../ui/PageErrorBoundary';
import { useWalletEvents } from '../features/assets/api';
import { PwaRuntime } from '../pwa/PwaRuntime'; // pwa: service worker, update prompt, ticker snapshot
import { MessageToasts } from './MessageToasts';

/** Live balances and records for a logged-in user, and what happens to their money or orders on its own as toasts. */
function UserEvents() {
  useWalletEvents();
  return <MessageToasts />;
}

function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { t } = useTranslation();
  const dark = colorScheme === 'dark';
  return (
    <button
      type="button"
      className={classes.iconButton}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      aria-label={dark ? t('theme.toLight') : t('theme.toDark')}
      data-testid="theme-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

function Header({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home.home));
  const title = t(route.title);
  useDocumentTitle(title);
  return (
    <header className={classes.header}>
      {route.tab ? (
        <span />
      ) : (
        <button type="button" className={classes.iconButton} onClick={back} aria-label={t('common.back')}>
          <BackIcon className={classes.backIcon} />
        </button>
      )}
      <h1 className={classes.headerTitle} style={{ margin: 0 }}>
        {title}
      </h1>
      <ThemeToggle />
    </header>
  );
}

function TabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  return (
    <nav className={classes.tabbar} aria-label={t('tabs.label')}>
      {TABS.map((tab) => {
        return (
          <NavLink key={tab.key} to={tab.path} className={classes.tab} aria-current={tab.key === active ? 'page' : undefined} data-testid={`tab-${tab.key}`}>
            <ShellIconSvg name={tab.icon} />
            <span>{t(tab.title)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}

export function Shell({ route, page }: { route: RouteDef; page: ReactNode }) {
  const location = useLocation();
  if (route.auth && !getToken()) {
    return <Navigate to={loginRedirect(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <div className={classes.app}>
      <LoadingBar />
      <ConnectionBanner />
      <Header route={route} />
      {/* data-path: the page this frame shows, once React has committed it (a navigation renders the
          new page in a transition, the old one staying until then): what tests wait for. */}
      <main className={route.tab ? classes.main : classes.mainNoTabs} data-path={location.pathname}>
        <PullToRefresh enabled={Boolean(route.refresh)}>
          <PageErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<PageSkeleton variant={skeletonFor(route.path)} />}>{page}</Suspense>
          </PageErrorBoundary>
        </PullToRefresh>
      </main>
      {route.tab && <TabBar active={route.tab} />}
      <ApiEffectsBridge />
      {/* pwa: the service worker's registration, the update prompt, the ticker snapshot */}
      <PwaRuntime />
      {getToken() && <UserEvents />}
    </div>
  );
}
