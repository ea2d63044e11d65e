import { translateText } from '../i18n/message-ref.ts';
import { translatorFor } from '../i18n/translators.ts';

// A text as a reader sees it (docs/decisions/037-english-and-french.md): a message reference
// translated, any other text as it is.

/** The English text of `text`: what an /api answer says with no language asked. */
export const english = (text: string): string => translateText(translatorFor('en'), text);

/** The French text of `text`. */
export const french = (text: string): string => translateText(translatorFor('fr'), text);
