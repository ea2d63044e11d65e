import type { Sheets } from '@shared/contract/matchmaking.ts';
import {
  eventLine,
  judgedTypes,
  nameOf,
  ringLine,
  weightText,
  type Judges,
  type Paper,
} from './sheet-text.ts';

// The PDF download of the same pages (decision 017): jsPDF, loaded with
// import() only when asked for, one page per division with the same lines as the print view.

export async function sheetsPdf(sheets: Sheets, paper: Paper, judges: Judges): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: paper });
  const width = doc.internal.pageSize.getWidth();
  const margin = 36;
  sheets.sheets.forEach((s, index) => {
    if (index > 0) doc.addPage(paper);
    let y = margin + 10;
    const line = (text: string, size = 10, gap = 14) => {
      doc.setFontSize(size);
      doc.text(text, margin, y);
      y += gap;
    };
    doc.setFont('helvetica', 'bold');
    line(s.division.title, 16, 20);
    doc.setFont('helvetica', 'normal');
    line(`${sheets.draft.tournamentDate}, ${sheets.draft.city}`);
    line(`${ringLine(s)}   Events: ${eventLine(s)}`);
    for (const o of s.division.overrides) line(`Override: ${o}`);
    if (s.division.note) line(`Note: ${s.division.note}`);
    y += 6;
    const cols = [margin, margin + 150, margin + 290, margin + 370, margin + 410, margin + 460];
    doc.setFont('helvetica', 'bold');
    ['Competitor', 'School', 'Level', 'Age', 'Weight', 'Checked in'].forEach((h, i) =>
      doc.text(h, cols[i]!, y),
    );
    doc.setFont('helvetica', 'normal');
    y += 14;
    for (const c of s.competitors) {
      [c.name, c.school, c.level, String(c.age), weightText(c.weight), c.checkedIn ? 'yes' : 'no'].forEach(
        (v, i) => doc.text(v.slice(0, 28), cols[i]!, y),
      );
      y += 14;
    }
    for (const type of judgedTypes(s)) {
      y += 10;
      doc.setFont('helvetica', 'bold');
      line(`${type.title}: scores (${judges} judges)`, 11);
      doc.setFont('helvetica', 'normal');
      const box = Math.min(44, (width - margin * 2 - 200) / (judges + 1));
      for (const c of s.competitors) {
        doc.text(c.name.slice(0, 30), margin, y + 12);
        for (let j = 0; j <= judges; j++) doc.rect(margin + 190 + j * (box + 4), y, box, 18);
        y += 22;
      }
    }
    if (s.bracket) {
      y += 10;
      doc.setFont('helvetica', 'bold');
      line(s.bracket.kind === 'roundRobin' ? 'Round robin' : 'Bracket', 11);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(9);
      s.bracket.rounds.forEach((round, r) => {
        const text = `Round ${r + 1}: ${round
          .map((m) => `${nameOf(s, m.a, m.round) || '___'} vs ${nameOf(s, m.b, m.round) || '___'}`)
          .join('; ')}`;
        for (const part of doc.splitTextToSize(text, width - margin * 2) as string[]) {
          doc.text(part, margin, y);
          y += 12;
        }
      });
    }
  });
  return doc.output('blob');
}
