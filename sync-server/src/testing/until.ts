/**
 * Waits until `done()` holds, checking every 100 ms as the job worker goes (no fixed sleep
 * decides a test); fails naming `what` after `seconds` (60 by default).
 */
export async function until(done: () => boolean | Promise<boolean>, what: string, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`still waiting for ${what}`);
}
