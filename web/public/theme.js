// Applies the saved theme before the first paint (no flash of the wrong theme). A file rather than
// an inline script, so the Content-Security-Policy can stay `script-src 'self'` (no hash to keep).
try {
  var t = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', t);
} catch (e) {}
