// Runtime configuration of the app. A deployment edits this file; the bundle is not rebuilt.
//   apiBase:    where the REST API lives ('/api' on the page's own host by default, or a full URL).
//   socketHost: the Socket.IO host ('' = the page's own host, or e.g. 'https://rt.example.com').
//   serviceWorker: false turns the installable app's service worker off (and removes an installed one).
window.__APP_CONFIG__ = {
  apiBase: '/api',
  socketHost: '',
};
