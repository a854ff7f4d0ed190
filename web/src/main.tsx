import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n, isRtl, localeOf } from './i18n';
import { applyPriceColors } from './theme/priceColors';

async function boot() {
  // In-browser mock mode (`VITE_MOCK=msw`): the mock domain runs in the page, no server needed.
  if (import.meta.env.VITE_MOCK === 'msw') {
    const { startBrowserMock } = await import('./mocks/browser');
    await startBrowserMock();
  }
  applyPriceColors();
  const i18n = await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App dir={isRtl(localeOf(i18n.language)) ? 'rtl' : 'ltr'} />
    </StrictMode>,
  );
}

void boot();
