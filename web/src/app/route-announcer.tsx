import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

// Decision 029: after a client-side navigation a keyboard or screen-reader
// user lands on the new page's main heading, and hears the page's title, as a full page load
// would give them. Done once here, for every route. Not on the first load (the browser reads the
// page itself, and focus must start at the top), not while a dialog is open, and not when the
// new page has already put focus somewhere inside itself (a search box it focuses on purpose).

/** How long a lazily loaded page may take to show its heading before we give up. */
const HEADING_WAIT_MS = 10_000;
/** How long a page may take to set its title once its heading shows. */
const TITLE_WAIT_MS = 1_000;

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') !== null;
}

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const interacted = useRef(false);

  // Redirects during the first load (a bare /admin, the login guard) are not the user's doing.
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener('pointerdown', mark, { capture: true, once: true });
    window.addEventListener('keydown', mark, { capture: true, once: true });
    return () => {
      window.removeEventListener('pointerdown', mark, { capture: true });
      window.removeEventListener('keydown', mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!interacted.current) return;
    const main = document.getElementById('main');
    if (!main) return;
    const focusedAtNavigation = document.activeElement;
    const titleBefore = document.title;
    let done = false;
    let titleObserver: MutationObserver | undefined;
    let titleTimer: number | undefined;

    // Pages set their title in an effect, which may run just after their heading appears: say
    // the new title once it is set (or, should it not change, after a moment, as it stands).
    const announceTitle = (heading: HTMLElement) => {
      const say = () => {
        titleObserver?.disconnect();
        window.clearTimeout(titleTimer);
        setAnnouncement(document.title || heading.textContent || '');
      };
      if (document.title !== titleBefore) return say();
      titleObserver = new MutationObserver(() => {
        if (document.title !== titleBefore) say();
      });
      titleObserver.observe(document.head, { childList: true, subtree: true, characterData: true });
      titleTimer = window.setTimeout(say, TITLE_WAIT_MS);
    };

    const settle = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      done = true;
      const active = document.activeElement;
      const pageTookFocus =
        active !== focusedAtNavigation && active !== document.body && main.contains(active);
      if (!dialogOpen() && !pageTookFocus) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      announceTitle(heading);
      return true;
    };

    if (settle()) {
      return () => {
        titleObserver?.disconnect();
        window.clearTimeout(titleTimer);
      };
    }
    const observer = new MutationObserver(() => {
      if (!done && settle()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      titleObserver?.disconnect();
      window.clearTimeout(titleTimer);
    };
  }, [pathname]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
