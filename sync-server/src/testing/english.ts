import { translateText, translatorFor } from '@tournament/shared';

/** The English text of `text` (a message reference, or a plain text as it is): what an /api answer says with no language asked. */
export const english = (text: string): string => translateText(translatorFor('en'), text);
