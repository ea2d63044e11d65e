import { translateText, translatorFor } from '@tournament/shared';

/**
 * A text as an English reader sees it: shared constants and /api answers may be message
 * references (docs/decisions/037-english-and-french.md); a page in English shows them translated.
 */
export const english = (text: string): string => translateText(translatorFor('en'), text);
