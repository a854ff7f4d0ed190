/** Deployment settings from public/config.js (window.__APP_CONFIG__), so no rebuild is needed. */
interface AppConfig {
  apiBase: string;
  socketHost: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export function appConfig(): AppConfig {
  const c = (typeof window !== 'undefined' && window.__APP_CONFIG__) || {};
  return {
    apiBase: (c.apiBase ?? '/api').replace(/\/+$/, ''),
    socketHost: c.socketHost ?? '',
  };
}
