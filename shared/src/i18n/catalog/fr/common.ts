import type { common as en } from '../en/common.ts';

export const common = {
  'format.about': 'vers {time}',
  'app.manifest.name': 'Championnat d’arts martiaux du Nord de l’Ontario',
  'app.manifest.description':
    'Inscription, arrivées et jour de compétition du Championnat d’arts martiaux du Nord de l’Ontario.',
  'language.switchTo': 'English',
  'language.switchLabel': 'Read this site in English',
} satisfies Record<keyof typeof en, string>;
