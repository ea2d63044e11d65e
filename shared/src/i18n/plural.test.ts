import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGS, translatorFor } from './translators.ts';

// One plural rule (docs/decisions/037-english-and-french.md): a number said with a noun goes
// through ICU's plural ("{count, plural, one {# competitor} other {# competitors}}"), so nobody
// reads "1 competitors". A bare placeholder followed by a countable noun is the mistake.

const NOUNS: Record<'en' | 'fr', RegExp> = {
  en: /^\s+(competitors?|divisions?|famil(y|ies)|entr(y|ies)|matche?s?|registrations?|minutes?|warnings?|rings?|judges?|scores?|days?|hours?)\b/,
  fr: /^\s+(compétit(eur|rice)s?|divisions?|familles?|entrées?|combats?|inscriptions?|minutes?|avertissements?|aires?|juges?|notes?|jours?|heures?)\b/,
};
/** Placeholders that hold a name, not a number ("{column} divisions": the column's name). */
const NOT_A_NUMBER = new Set(['column', 'name', 'title', 'ring', 'division', 'draft', 'event', 'judge']);

/** The placeholders of `message` that a countable noun follows without a plural. */
function barePlurals(message: string, lang: 'en' | 'fr'): string[] {
  const found: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    elements.forEach((el, i) => {
      // Inside a plural's branch the count is already said by the plural rule.
      if (el.type === TYPE.plural) return;
      const next = elements[i + 1];
      if (
        (el.type === TYPE.argument || el.type === TYPE.number) &&
        !NOT_A_NUMBER.has(el.value) &&
        next?.type === TYPE.literal &&
        NOUNS[lang].test(next.value)
      ) {
        found.push(`{${el.value}}${next.value.split(/\b/).slice(0, 2).join('')}`);
      }
      if (el.type === TYPE.select) for (const option of Object.values(el.options)) walk(option.value);
      if (el.type === TYPE.tag) walk(el.children);
    });
  };
  walk(parse(message));
  return found;
}

describe('one plural rule', () => {
  it('says every counted noun through a plural, in English and French', () => {
    for (const lang of ['en', 'fr'] as const) {
      const bad = Object.entries(CATALOGS[lang]).flatMap(([key, text]) =>
        barePlurals(text, lang).map((b) => `${key}: ${b}`),
      );
      expect(bad, lang).toEqual([]);
    }
  });

  it('reads "1 competitor" and "2 competitors"', () => {
    const en = translatorFor('en').t;
    expect(en('matchmaking.competitors', { count: 1 })).toBe('1 competitor');
    expect(en('matchmaking.competitors', { count: 2 })).toBe('2 competitors');
    expect(en('matchmaking.count', { divisions: 1, competitors: 1 })).toBe('1 division, 1 competitor');
    expect(translatorFor('fr').t('matchmaking.count', { divisions: 1, competitors: 2 })).toBe(
      '1 division, 2 compétiteurs',
    );
  });

  it('finds a bare count before a noun', () => {
    expect(barePlurals('{count} competitors scored', 'en')).toEqual(['{count} competitors']);
    expect(barePlurals('{count, plural, one {# competitor} other {# competitors}}', 'en')).toEqual([]);
    expect(barePlurals('{column} divisions', 'en')).toEqual([]);
  });
});
