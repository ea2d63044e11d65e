import { useState } from 'react';
import { createRoot } from 'react-dom/client';

// The floor of "tap to screen updated" (decision 019): a bare React state update of a list the
// size of the check-in screen's, in the same browser. Each row is a name and a button, as on
// check-in; a tap flips one row through a state update of the whole list.

declare global {
  interface Window {
    __rows: number;
  }
}

interface Row {
  id: number;
  name: string;
  checkedIn: boolean;
}

function List({ initial }: { initial: Row[] }) {
  const [rows, setRows] = useState(initial);
  const toggle = (id: number) =>
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, checkedIn: !r.checkedIn } : r)));
  return (
    <ul>
      {rows.map((r) => (
        <li key={r.id}>
          <span>{r.name}</span>
          {r.checkedIn ? (
            <button aria-label={`Undo check-in of ${r.name}`} onClick={() => toggle(r.id)}>
              Undo
            </button>
          ) : (
            <button aria-label={`Check in ${r.name}`} onClick={() => toggle(r.id)}>
              Check in
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

const rows = Array.from({ length: window.__rows }, (_, i) => ({ id: i, name: `Kid${i}`, checkedIn: false }));
createRoot(document.getElementById('root')!).render(<List initial={rows} />);
