/** "2:05 p.m." style local time of an ISO instant, with the date when not today. */
export function formatTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString('en-CA', { hour: 'numeric', minute: '2-digit' });
  return d.toDateString() === now.toDateString()
    ? time
    : `${d.toLocaleDateString('en-CA', { month: 'short', day: 'numeric' })} ${time}`;
}
