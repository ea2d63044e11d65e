// Words every part of the product uses: the language switch, buttons, formats.
// English texts are the spec's, exact (../shared/SPEC.md); keys are `area.what`.
export const common = {
  'format.about': 'about {time}',
  'app.manifest.name': 'Northern Ontario Martial Arts Championship',
  'app.manifest.description':
    'Registration, check-in and matchday of the Northern Ontario Martial Arts Championship.',
  'language.switchTo': 'Français',
  'language.switchLabel': 'Lire ce site en français',
};
