import type { Sheets } from '@shared/contract/matchmaking.ts';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import {
  bracketTitle,
  eventLine,
  judgedTypes,
  nameOf,
  ringLine,
  weightText,
  type Paper,
} from './sheet-text.ts';

// The PDF download of the same pages (decision 017): jsPDF, loaded with
// import() only when asked for, one page per division with the same lines as the print view, in
// the page's language. jsPDF's built-in Helvetica writes Latin-1 only: the typographic apostrophe
// and the narrow no-break space of French texts are written as their nearest Latin-1 signs.

const COLUMNS: readonly MessageKey[] = [
  'sheets.col.competitor',
  'sheets.col.school',
  'sheets.col.level',
  'sheets.col.age',
  'sheets.col.weight',
  'sheets.col.checkedIn',
];

/** A text as Helvetica's Latin-1 can write it. */
const latin1 = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/\u202f/g, '\u00a0');

export async function sheetsPdf(sheets: Sheets, paper: Paper): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: paper });
  const width = doc.internal.pageSize.getWidth();
  const margin = 36;
  sheets.sheets.forEach((s, index) => {
    if (index > 0) doc.addPage(paper);
    let y = margin + 10;
    const line = (text: string, size = 10, gap = 14) => {
      doc.setFontSize(size);
      doc.text(latin1(text), margin, y);
      y += gap;
    };
    doc.setFont('helvetica', 'bold');
    line(tm(s.division.title), 16, 20);
    doc.setFont('helvetica', 'normal');
    line(t('sheets.pdf.tournament', { date: sheets.draft.tournamentDate, city: sheets.draft.city }));
    line(t('sheets.pdf.ringEvents', { ring: ringLine(s), events: eventLine(s) }));
    for (const o of s.division.overrides) line(t('sheets.override', { text: tm(o) }));
    if (s.division.note) line(t('sheets.note', { text: s.division.note }));
    y += 6;
    const cols = [margin, margin + 150, margin + 290, margin + 370, margin + 410, margin + 460];
    doc.setFont('helvetica', 'bold');
    COLUMNS.forEach((h, i) => doc.text(latin1(t(h)), cols[i]!, y));
    doc.setFont('helvetica', 'normal');
    y += 14;
    for (const c of s.competitors) {
      [
        // Decision 043: the photographer's mark, before the name is cut to the column.
        c.photosAllowed ? c.name : `(${t('sheets.noPhotos')}) ${c.name}`,
        c.school,
        c.level,
        String(c.age),
        weightText(c.weight),
        c.checkedIn ? t('sheets.pdf.yes') : t('sheets.pdf.no'),
      ].forEach((v, i) => doc.text(latin1(v.slice(0, 28)), cols[i]!, y));
      y += 14;
    }
    for (const type of judgedTypes(s)) {
      y += 10;
      doc.setFont('helvetica', 'bold');
      const judges = type.judges;
      line(t('sheets.scores.caption', { event: type.title, judges }), 11);
      doc.setFont('helvetica', 'normal');
      const box = Math.min(44, (width - margin * 2 - 200) / (judges + 1));
      for (const c of s.competitors) {
        doc.text(latin1(c.name.slice(0, 30)), margin, y + 12);
        for (let j = 0; j <= judges; j++) doc.rect(margin + 190 + j * (box + 4), y, box, 18);
        y += 22;
      }
    }
    for (const bracket of s.brackets) {
      y += 10;
      doc.setFont('helvetica', 'bold');
      line(bracketTitle(bracket), 11);
      doc.setFont('helvetica', 'normal');
      if (!bracket.drawn) line(t('sheets.bracket.notDrawn'), 9, 12);
      if (!bracket.fits) line(t('sheets.bracket.stale'), 9, 12);
      doc.setFontSize(9);
      bracket.rounds.forEach((round, r) => {
        const text = t('sheets.pdf.round', {
          round: r + 1,
          matches: round
            .map((m) =>
              t('sheets.pdf.match', {
                a: nameOf(s, m.a, m.round) || '___',
                b: nameOf(s, m.b, m.round) || '___',
              }),
            )
            .join('; '),
        });
        for (const part of doc.splitTextToSize(latin1(text), width - margin * 2) as string[]) {
          doc.text(part, margin, y);
          y += 12;
        }
      });
    }
  });
  return doc.output('blob');
}
