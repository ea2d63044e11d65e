/* global window, document, localStorage */
// Runs before the first paint (an external file: the CSP allows no inline script).
(function () {
  // 1. The colour scheme chosen with the toggle (localStorage "theme"), else the system's.
  var chosen;
  try {
    chosen = localStorage.getItem('theme');
  } catch {
    chosen = null;
  }
  var dark = chosen ? chosen === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';

  // 2. Start the reads the first screen needs while the app's JavaScript downloads: the site
  // settings on every page, and on the home page its tournament and event-type lists. A page
  // the server rendered carries them already (decision 020): nothing to read.
  if (document.querySelector('meta[name="page-data"]')) return;
  var reads = ['/api/settings'];
  if (window.location.pathname === '/') reads.push('/api/tournaments', '/api/event-types');
  reads.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  });
})();
