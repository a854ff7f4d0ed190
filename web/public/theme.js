// Applies the saved theme before the first paint (no flash of the wrong theme). A file rather than
// an inline script, so the Content-Security-Policy can stay `script-src 'self'` (no hash to keep).
// The browser's bar colour (every <meta name="theme-color">, light and dark pair) follows the
// chosen theme, not the system's: the app's theme is the user's choice (see web/src/theme/theme.ts).
// It also tells the static shell (web/build/staticShell.ts) where it is and in which language: the
// path (which tab, if any) and the saved language (i18n/index.ts: localStorage `lang`; Arabic is RTL).
document.documentElement.setAttribute('data-boot-path', location.pathname);
try {
  var lang = localStorage.getItem('lang');
  if (lang) document.documentElement.setAttribute('data-lang', lang);
  if (lang === 'ar') document.documentElement.dir = 'rtl';
  var t = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', t);
  var metas = document.querySelectorAll('meta[name="theme-color"]');
  for (var i = 0; i < metas.length; i++) metas[i].setAttribute('content', t === 'dark' ? '#102030' : '#ffffff');
} catch (e) {}
