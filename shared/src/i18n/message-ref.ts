import type { MessageKey, MessageValues, Translator } from './translate.ts';

// A text the spec or a rule fixes, carried before anyone knows who will read it
// (docs/decisions/037-english-and-french.md): a zod schema's message, a DomainError's, a
// constant both the server and the app use. It is the catalog key and its values in one
// string ("i18n:field.minLength|{"min":8}"), so zod and the `{message}` / `{errors}` shapes
// carry it unchanged; whoever shows it to a person translates it, in that person's language:
// the server when it answers (the request's language), the app when it renders (the page's).

const PREFIX = 'i18n:';

/** A reference to the catalog's text `key`, filled with `values` when it is shown. */
export function msg(key: MessageKey, values?: MessageValues): string {
  return values ? `${PREFIX}${key}|${JSON.stringify(values)}` : `${PREFIX}${key}`;
}

/**
 * Several texts one after the other, a space between ("Please choose a gender Please choose at
 * least one event"), each translated when shown: references are never glued as strings, or the
 * reader would get the first one's key.
 */
export function sentences(texts: readonly string[]): string {
  return texts.reduceRight(
    (rest, first) => (rest === '' ? first : msg('text.sentences', { first, rest })),
    '',
  );
}

/** Texts as a list, each translated when shown: "A, B and C" ("A, B et C" in French). */
export function listOf(texts: readonly string[]): string {
  if (texts.length <= 1) return texts[0] ?? '';
  if (texts.length === 2) return msg('text.and', { first: texts[0]!, last: texts[1]! });
  return msg('text.comma', { first: texts[0]!, rest: listOf(texts.slice(1)) });
}

export function isMessageRef(text: string): boolean {
  return text.startsWith(PREFIX);
}

/** `text` for a person: a reference translated, any other text as it is (data, a name). */
export function translateText(translator: Translator, text: string): string {
  if (!text.startsWith(PREFIX)) return text;
  const bar = text.indexOf('|');
  const key = (bar === -1 ? text.slice(PREFIX.length) : text.slice(PREFIX.length, bar)) as MessageKey;
  let values: MessageValues | undefined;
  if (bar !== -1) {
    try {
      values = JSON.parse(text.slice(bar + 1)) as MessageValues;
    } catch {
      values = undefined;
    }
  }
  // A value may itself be a reference (a field's problem inside a refusal): translated too.
  if (values)
    for (const [name, value] of Object.entries(values))
      if (typeof value === 'string' && value.startsWith(PREFIX))
        values[name] = translateText(translator, value);
  try {
    return translator.t(key, values);
  } catch {
    // A reference to a key the catalog lost is a bug; the reader still gets the key, not a crash.
    return key;
  }
}
