import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Sheet, Sheets } from '@shared/contract/matchmaking.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useDivisionSheet, useDraftSheets } from '../api/division-sheets.ts';
import { drawNow, useLiveDivisionStatus } from '../api/draw.ts';
import { changedSincePrinted, recordPrinted } from '../model/printed.ts';
import { sheetsPdf } from '../model/sheet-pdf.ts';
import {
  bracketTitle,
  eventLine,
  judgedTypes,
  nameOf,
  ringLine,
  weightText,
  type Paper,
  type SheetBracket,
} from '../model/sheet-text.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/division-sheets/{draftDivisionId} and /admin/division-sheets/all/{draftId} (decision
// 017): one printed page per division (Letter or A4, a page break after each), with the
// competitors, score boxes on judged events and the drawn bracket on bracket events; the PDF
// download draws the same pages. Decision 050: a published draft's sheet is the live division's
// (its ring, the competitors the tablet runs, each event type's judges, the stored draw).

const cell = 'border border-neutral-400 px-1 py-0.5 text-left';

function ScoreBoxes({ sheet }: { sheet: Sheet }) {
  return (
    <>
      {judgedTypes(sheet).map((type) => (
        <table
          key={type.id}
          className="mt-3 w-full border-collapse text-xs"
          aria-label={t('sheets.scores.label', { event: type.title })}
        >
          <caption className="text-left font-semibold">
            {t('sheets.scores.caption', { event: type.title, judges: type.judges })}
          </caption>
          <thead>
            <tr>
              <th className={cell}>{t('sheets.col.competitor')}</th>
              {Array.from({ length: type.judges }, (_, j) => (
                <th key={j} className={`${cell} w-12`}>
                  {t('sheets.scores.judge', { judge: j + 1 })}
                </th>
              ))}
              <th className={`${cell} w-14`}>{t('sheets.scores.total')}</th>
              <th className={`${cell} w-12`}>{t('sheets.scores.place')}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.competitors.map((c) => (
              <tr key={c.id} className="h-7">
                <td className={cell}>{c.name}</td>
                {Array.from({ length: type.judges + 2 }, (_, j) => (
                  <td key={j} className={cell} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}

/**
 * A director draws an upcoming division before printing, or draws again after a late change
 * once they confirm it (decision 050); the drawn division's sheet then shows the stored draw.
 */
function DrawControls({ sheet, bracket }: { sheet: Sheet; bracket: SheetBracket }) {
  const status = useLiveDivisionStatus(sheet.division.id);
  const [confirming, setConfirming] = useState(false);
  const draw = useAction((redraw: boolean) => drawNow(sheet.division.id, redraw));
  if (status !== 'upcoming' || (bracket.drawn && bracket.fits)) return null;
  if (!bracket.drawn)
    return (
      <Button className="print-hide" size="sm" disabled={draw.busy} onClick={() => void draw.run(false)}>
        {t('sheets.draw.now', { event: bracket.title })}
      </Button>
    );
  return confirming ? (
    <p className="print-hide flex flex-wrap items-center gap-2">
      {t('sheets.draw.confirmText')}
      <Button size="sm" disabled={draw.busy} onClick={() => void draw.run(true)}>
        {t('sheets.draw.confirm')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
        {t('sheets.draw.cancel')}
      </Button>
    </p>
  ) : (
    <Button className="print-hide" size="sm" variant="outline" onClick={() => setConfirming(true)}>
      {t('sheets.draw.again', { event: bracket.title })}
    </Button>
  );
}

function Bracket({ sheet, bracket }: { sheet: Sheet; bracket: SheetBracket }) {
  return (
    <section className="mt-3 text-xs" aria-label={bracketTitle(bracket)}>
      <h3 className="font-semibold">{bracketTitle(bracket)}</h3>
      {!bracket.drawn && <p>{t('sheets.bracket.notDrawn')}</p>}
      {!bracket.fits && <p className="font-medium">{t('sheets.bracket.stale')}</p>}
      <DrawControls sheet={sheet} bracket={bracket} />
      <div className="flex gap-4">
        {bracket.rounds.map((round, r) => (
          <ol key={r} className="grid flex-1 content-around gap-2">
            <li className="font-medium">{t('sheets.round', { round: r + 1 })}</li>
            {round.map((m, i) => (
              <li key={i} className="border border-neutral-400 px-1" data-testid="sheet-match">
                <div className="border-b border-neutral-300">{nameOf(sheet, m.a, m.round) || '\u00a0'}</div>
                <div>{nameOf(sheet, m.b, m.round) || '\u00a0'}</div>
              </li>
            ))}
          </ol>
        ))}
      </div>
    </section>
  );
}

function SheetPage({ sheets, sheet, changed }: { sheets: Sheets; sheet: Sheet; changed: boolean }) {
  return (
    <article
      className="division-sheet grid gap-1 border-b pb-6 print:border-0 print:pb-0"
      aria-labelledby={`sheet-${sheet.division.id}`}
    >
      <h2 id={`sheet-${sheet.division.id}`} className="text-xl font-semibold">
        {tm(sheet.division.title)}
      </h2>
      {changed && (
        <p className="print-hide">
          <Badge variant="danger">{t('sheets.changed')}</Badge>
        </p>
      )}
      <p className="text-sm">
        {ringLine(sheet)} · {eventLine(sheet)} · {sheets.draft.city}
      </p>
      {sheet.division.overrides.map((o) => (
        <p key={o} className="text-sm font-medium">
          {t('sheets.override', { text: tm(o) })}
        </p>
      ))}
      {sheet.division.note && <p className="text-sm">{t('sheets.note', { text: sheet.division.note })}</p>}
      <table className="w-full border-collapse text-xs">
        <thead>
          <tr>
            <th className={cell}>{t('sheets.col.competitor')}</th>
            <th className={cell}>{t('sheets.col.school')}</th>
            <th className={cell}>{t('sheets.col.level')}</th>
            <th className={cell}>{t('sheets.col.age')}</th>
            <th className={cell}>{t('sheets.col.weight')}</th>
            <th className={cell}>{t('sheets.col.checkedIn')}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.competitors.map((c) => (
            <tr key={c.id}>
              <td className={cell}>
                {c.name}
                {!c.photosAllowed && (
                  <strong className="ml-1 whitespace-nowrap" data-testid="no-photos">
                    ({t('sheets.noPhotos')})
                  </strong>
                )}
              </td>
              <td className={cell}>{c.school}</td>
              <td className={cell}>{c.level}</td>
              <td className={cell}>{c.age}</td>
              <td className={cell}>{weightText(c.weight)}</td>
              <td className={cell}>{c.checkedIn ? t('sheets.yes') : t('sheets.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ScoreBoxes sheet={sheet} />
      {sheet.brackets.map((b) => (
        <Bracket key={b.eventTypeId} sheet={sheet} bracket={b} />
      ))}
    </article>
  );
}

/** Print rules for this page only: paper size, a page per division, no site chrome. */
function PrintStyle({ paper }: { paper: Paper }) {
  return (
    <style>{`
@page { size: ${paper === 'a4' ? 'A4' : 'letter'}; margin: 12mm; }
@media print {
  body header, body nav, .print-hide { display: none !important; }
  main { padding: 0 !important; max-width: none !important; }
  .division-sheet { break-after: page; page-break-after: always; }
  .division-sheet:last-child { break-after: auto; page-break-after: auto; }
}`}</style>
  );
}

function SheetsView({ sheets, back }: { sheets: Sheets; back: string }) {
  const [paper, setPaper] = useState<Paper>('letter');
  // Reprints (decision 050): the sheets changed since this device printed them, and a view of
  // only those; printing or downloading records what was printed.
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [, printed] = useState(0);
  const changed = new Set(sheets.sheets.filter(changedSincePrinted).map((s) => s.division.id));
  const shown = onlyChanged ? sheets.sheets.filter((s) => changed.has(s.division.id)) : sheets.sheets;
  const done = () => {
    recordPrinted(shown);
    setOnlyChanged(false);
    printed((n) => n + 1);
  };
  const download = useAction(async () => {
    const blob = await sheetsPdf({ ...sheets, sheets: shown }, paper);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = t('sheets.pdf.file', { date: sheets.draft.tournamentDate });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    done();
  });
  return (
    <>
      <PrintStyle paper={paper} />
      <div className="print-hide flex flex-wrap items-end gap-3">
        <Link to={back}>{t('sheets.back')}</Link>
        <label className="grid gap-1 text-sm">
          {t('sheets.paper')}
          <select
            className="h-9 rounded-md border px-2"
            value={paper}
            onChange={(e) => setPaper(e.target.value as Paper)}
          >
            <option value="letter">{t('sheets.paper.letter')}</option>
            <option value="a4">{t('sheets.paper.a4')}</option>
          </select>
        </label>
        {(changed.size > 0 || onlyChanged) && (
          <Button variant="outline" aria-pressed={onlyChanged} onClick={() => setOnlyChanged(!onlyChanged)}>
            {onlyChanged ? t('sheets.showAll') : t('sheets.onlyChanged', { count: changed.size })}
          </Button>
        )}
        <Button
          onClick={() => {
            window.print();
            done();
          }}
        >
          {t('sheets.print')}
        </Button>
        <Button variant="outline" disabled={download.busy} onClick={() => void download.run()}>
          {t('sheets.download')}
        </Button>
        <span className="text-sm text-muted-foreground">
          {sheets.draft.status === 'published'
            ? t('sheets.summary.published', { draft: sheets.draft.name, count: sheets.sheets.length })
            : t('sheets.summary.unpublished', { draft: sheets.draft.name, count: sheets.sheets.length })}
        </span>
      </div>
      <div className="grid gap-6">
        {shown.map((s) => (
          <SheetPage key={s.division.id} sheets={sheets} sheet={s} changed={changed.has(s.division.id)} />
        ))}
      </div>
    </>
  );
}

export function DraftSheetsPage() {
  const draftId = Number(useParams().draftId);
  usePageMeta(PAGES.draftSheets.title, t('sheets.all.description'));
  const { data, error, isLoading } = useDraftSheets(draftId);
  return (
    <section className="grid gap-4">
      <QueryView query={{ data, error, isLoading }}>
        {(data) => <SheetsView sheets={data} back={href('draftAll', { draftId })} />}
      </QueryView>
    </section>
  );
}

export function DivisionSheetPage() {
  const id = Number(useParams().draftDivisionId);
  usePageMeta(PAGES.divisionSheet.title, t('sheets.one.description'));
  const { data, error, isLoading } = useDivisionSheet(id);
  return (
    <section className="grid gap-4">
      <QueryView query={{ data, error, isLoading }}>
        {(data) => <SheetsView sheets={data} back={href('draftAll', { draftId: data.draft.id })} />}
      </QueryView>
    </section>
  );
}
