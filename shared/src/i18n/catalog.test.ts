import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './translators.ts';

// The catalogs' rules (docs/decisions/037-english-and-french.md): both languages have the same
// keys, every text is valid ICU MessageFormat, a French text has the same placeholders and tags
// as its English one, and every key is used somewhere in the product's code.

const root = path.resolve(import.meta.dirname, '../../..');
const { en, fr } = CATALOGS;

/** The placeholder names and tag names a message uses, as a sorted list. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if (el.type === TYPE.tag) {
        names.add(`<${el.value}>`);
        walk(el.children);
        continue;
      }
      names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Every source file of the product (tests and the catalogs themselves left out). */
function sources(): string {
  const out: string[] = [];
  for (const dir of ['web/src', 'sync-server/src', 'shared/src', 'sw/src']) {
    const full = path.join(root, dir);
    for (const file of readdirSync(full, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      if (file.split(path.sep).join('/').includes('i18n/catalog/')) continue;
      out.push(readFileSync(path.join(full, file), 'utf8'));
    }
  }
  return out.join('\n');
}

describe('the catalogs', () => {
  it('have the same keys in English and French', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('hold only valid ICU messages with the same placeholders in both languages', () => {
    const problems: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const french = fr[key];
      if (french === undefined) continue;
      try {
        const a = placeholders(english);
        const b = placeholders(french);
        if (a.join() !== b.join()) problems.push(`${key}: en {${a.join(', ')}} fr {${b.join(', ')}}`);
      } catch (err) {
        problems.push(`${key}: ${String(err)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('have no French text left empty or in English', () => {
    const same = Object.entries(en)
      .filter(
        ([key, english]) =>
          fr[key]?.trim() === '' || (fr[key] === english && /[a-z]{4,} [a-z]{3,}/i.test(english)),
      )
      .map(([key]) => key);
    expect(same).toEqual([]);
  });

  it('have no key the product does not use', () => {
    const code = sources();
    const unused = Object.keys(en).filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
