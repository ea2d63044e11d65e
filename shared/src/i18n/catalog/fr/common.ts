import type { common as en } from '../en/common.ts';

export const common = {
  'format.about': 'vers {time}',
  'language.switchTo': 'English',
  'language.switchLabel': 'Read this site in English',
} satisfies Record<keyof typeof en, string>;
