// What publishing again changes (decision 017): divisions added, removed or renamed, and
// competitors moved from one published division to another (their families get a notice).
// Published divisions are compared by their stable id (the draft division's id). A title may be
// a message reference (a generated title, titles.ts): `titleText` gives the text compared and
// sorted (the server's: the English text), so a title stored as plain English before titles were
// references and the same title as a reference are not a rename.

export interface PublishedDivisionSnapshot {
  id: number;
  title: string;
  eventTypeIds: readonly number[];
  competitorIds: readonly number[];
}

export interface CompetitorMove {
  competitorId: number;
  fromId: number;
  fromTitle: string;
  /** null when the competitor is no longer in any division of those event types. */
  toId: number | null;
  toTitle: string | null;
}

export interface PublishDiff {
  added: { id: number; title: string }[];
  removed: { id: number; title: string }[];
  renamed: { id: number; from: string; to: string }[];
  moved: CompetitorMove[];
}

export const isEmptyDiff = (d: PublishDiff) =>
  d.added.length + d.removed.length + d.renamed.length + d.moved.length === 0;

export function publishDiff(
  before: readonly PublishedDivisionSnapshot[],
  after: readonly PublishedDivisionSnapshot[],
  titleText: (title: string) => string = (title) => title,
): PublishDiff {
  const old = new Map(before.map((d) => [d.id, d]));
  const now = new Map(after.map((d) => [d.id, d]));
  const byTitle = (a: { title: string; id: number }, b: { title: string; id: number }) => {
    const x = titleText(a.title);
    const y = titleText(b.title);
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  };
  const added = after
    .filter((d) => !old.has(d.id))
    .map(({ id, title }) => ({ id, title }))
    .sort(byTitle);
  const removed = before
    .filter((d) => !now.has(d.id))
    .map(({ id, title }) => ({ id, title }))
    .sort(byTitle);
  const renamed = after
    .filter((d) => old.has(d.id) && titleText(old.get(d.id)!.title) !== titleText(d.title))
    .map((d) => ({ id: d.id, from: old.get(d.id)!.title, to: d.title }))
    .sort((a, b) => a.id - b.id);

  const place = (list: readonly PublishedDivisionSnapshot[]) => {
    const m = new Map<string, PublishedDivisionSnapshot>();
    for (const d of list)
      for (const c of d.competitorIds) for (const t of d.eventTypeIds) m.set(`${c}:${t}`, d);
    return m;
  };
  const was = place(before);
  const is = place(after);
  const moves = new Map<string, CompetitorMove>();
  for (const [entry, from] of was) {
    const to = is.get(entry) ?? null;
    if (to?.id === from.id) continue;
    const competitorId = Number(entry.split(':')[0]);
    // One move per competitor and pair of divisions, however many event types they share.
    moves.set(`${competitorId}:${from.id}:${to?.id ?? ''}`, {
      competitorId,
      fromId: from.id,
      fromTitle: from.title,
      toId: to?.id ?? null,
      toTitle: to?.title ?? null,
    });
  }
  const moved = [...moves.values()].sort(
    (a, b) => a.competitorId - b.competitorId || a.fromId - b.fromId || (a.toId ?? 0) - (b.toId ?? 0),
  );
  return { added, removed, renamed, moved };
}
