import { useSearchParams } from 'react-router';

// Which ring this tablet runs (decision 023): `?ring=` in the address, else the last choice made on
// this device (a tablet stays by its ring all day; a reload or a bookmark keeps it).

const KEY = 'matchday-ring';

function stored(): number | null {
  try {
    const v = Number(localStorage.getItem(KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export function useRingChoice(): [number | null, (ringId: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('ring'));
  const ringId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : stored();
  const choose = (id: number | null) => {
    try {
      if (id === null) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, String(id));
    } catch {
      // Private mode: the address still carries the choice.
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('ring');
        else next.set('ring', String(id));
        return next;
      },
      { replace: true },
    );
  };
  return [ringId, choose];
}
