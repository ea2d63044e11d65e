/* global window, document, localStorage */
// Before first paint: the scheme chosen with the toggle (localStorage "theme"), else the system's.
(function () {
  var chosen;
  try {
    chosen = localStorage.getItem('theme');
  } catch {
    chosen = null;
  }
  var dark = chosen ? chosen === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
