// Applies the saved theme before the first paint (no flash of the wrong theme). A file rather than
// an inline script, so the Content-Security-Policy can stay `script-src 'self'` (no hash to keep).
// The browser's bar colour (every <meta name="theme-color">, light and dark pair) follows the
// chosen theme, not the system's: the app's theme is the user's choice (see web/src/theme/theme.ts).
try {
  var t = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', t);
  var metas = document.querySelectorAll('meta[name="theme-color"]');
  for (var i = 0; i < metas.length; i++) metas[i].setAttribute('content', t === 'dark' ? '#102030' : '#ffffff');
} catch (e) {}
