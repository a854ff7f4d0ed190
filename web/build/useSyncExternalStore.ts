/**
 * What `use-sync-external-store/shim` resolves to in the build: React's own hook. react-i18next
 * imports the shim to support React before 18; on React 19 the shim only forwards to React, after
 * shipping its fallback for older Reacts (about 0.4 KB gzip on every page).
 */
export { useSyncExternalStore } from 'react';
