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
  // Until a scheme is chosen the page follows the system's, also before the app has started
  // (decision 031); the app does the same once it runs.
  if (!chosen && typeof window.matchMedia === 'function') {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', function (event) {
      var now;
      try {
        now = localStorage.getItem('theme');
      } catch {
        now = null;
      }
      if (now) return;
      document.documentElement.classList.toggle('dark', event.matches);
      document.documentElement.style.colorScheme = event.matches ? 'dark' : 'light';
    });
  }

  // 2. A page the server rendered (decision 020) carries the first screen's reads and is
  // readable as it arrives, without the app. The app (React, about 130 KB gzip) starts when the
  // visitor first needs it (decision 031): a touch, a click, a key or a focus, or a block that
  // needs it (data-app-when-near: the venue map, Google's button) coming within a screen of
  // the viewport. A parent who opens the page, reads the date and leaves downloads no
  // JavaScript. It starts after the first paint at once for a signed-in visitor (the header
  // shows their account). A returning visitor whose device holds the app gets the app's shell
  // from its service worker, not this page.
  var entry = document.querySelector('meta[name="app-entry"]');
  if (entry) {
    var INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'];
    var started = false;
    var observer = null;
    var start = function () {
      if (started) return;
      started = true;
      INTENTS.forEach(function (type) {
        document.removeEventListener(type, start, true);
      });
      if (observer) observer.disconnect();
      var script = document.createElement('script');
      script.type = 'module';
      script.src = entry.content;
      document.head.appendChild(script);
    };
    // A button clicked before the app could answer it is clicked again once the app has
    // hydrated the page (lib/before-hydration.ts); a link needs no app and is followed.
    var onClick = function (event) {
      if (window.__appHydrating) {
        document.removeEventListener('click', onClick, true);
        return;
      }
      var button = event.target && event.target.closest ? event.target.closest('button') : null;
      if (button && !button.disabled) window.__clickedBeforeApp = button;
    };
    document.addEventListener('click', onClick, true);
    var signedIn = false;
    try {
      signedIn = localStorage.getItem('session') !== null;
    } catch {
      signedIn = false;
    }
    if (signedIn) {
      document.addEventListener('DOMContentLoaded', function () {
        window.requestAnimationFrame(function () {
          window.setTimeout(start, 0);
        });
      });
      return;
    }
    INTENTS.forEach(function (type) {
      document.addEventListener(type, start, { capture: true, passive: true });
    });
    document.addEventListener('DOMContentLoaded', function () {
      var near = document.querySelectorAll('[data-app-when-near]');
      if (near.length === 0 || started) return;
      if (typeof IntersectionObserver === 'undefined') return start();
      observer = new IntersectionObserver(
        function (entries) {
          if (
            entries.some(function (e) {
              return e.isIntersecting;
            })
          )
            start();
        },
        { rootMargin: '100% 0px' },
      );
      near.forEach(function (element) {
        observer.observe(element);
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
