import { afterEach, describe, expect, it } from 'vitest';
import { recordBeforeHydration, replayAfterHydration } from './before-hydration.ts';

// A server-rendered page's first click (decision 031) and typing (decision 020), made before
// the app ran, are done again once it has hydrated the page.
describe('before hydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.__appHydrating = undefined;
    window.__clickedBeforeApp = undefined;
  });

  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  function page() {
    document.body.innerHTML = '<div id="root"><button type="button">Switch to dark mode</button><input id="email" /></div>';
    const root = document.getElementById('root') as HTMLElement;
    const button = root.querySelector('button') as HTMLButtonElement;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    return { root, button, clicks: () => clicks };
  }

  it('clicks again, once, the button clicked before the app ran, and tells boot.js to stop recording', async () => {
    const { root, button, clicks } = page();
    window.__clickedBeforeApp = button;
    recordBeforeHydration(root);
    expect(window.__appHydrating).toBe(true);
    expect(clicks()).toBe(0);
    replayAfterHydration();
    await tick();
    expect(clicks()).toBe(1);
    replayAfterHydration();
    await tick();
    expect(clicks()).toBe(1);
  });

  it('does not click a button that is gone or disabled by then', async () => {
    const { root, button, clicks } = page();
    window.__clickedBeforeApp = button;
    recordBeforeHydration(root);
    button.disabled = true;
    replayAfterHydration();
    await tick();
    expect(clicks()).toBe(0);
  });

  it('types again what was typed into a text input before hydration', () => {
    const { root } = page();
    recordBeforeHydration(root);
    const input = document.getElementById('email') as HTMLInputElement;
    input.value = 'parent@example.com';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const seen: string[] = [];
    input.addEventListener('input', () => seen.push(input.value));
    replayAfterHydration();
    expect(seen).toEqual(['', 'parent@example.com']);
  });
});
