/* global window, document, localStorage */
// Runs before the first paint: this file, or inline in a page the server rendered, allowed by
// its hash in the CSP (decision 020); the CSP allows no other inline script.
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

  // 2. A page the server rendered (decision 020) carries the first screen's reads and is
  // readable as it arrives: the app that hydrates it starts after its first paint, so a slow
  // phone shows the page first and runs the JavaScript after.
  var entry = document.querySelector('meta[name="app-entry"]');
  if (entry) {
    var start = function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.src = entry.content;
      document.head.appendChild(script);
    };
    document.addEventListener('DOMContentLoaded', function () {
      window.requestAnimationFrame(function () {
        window.setTimeout(start, 0);
      });
    });
    return;
  }
  // 3. Otherwise start the reads the first screen needs while the app's JavaScript downloads:
  // the site settings on every page, and on the home page its tournament and event-type lists.
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
