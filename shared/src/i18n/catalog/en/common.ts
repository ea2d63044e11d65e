// Words every part of the product uses: the language switch, buttons, formats.
// English texts are the spec's, exact (../shared/SPEC.md); keys are `area.what`.
export const common = {
  'format.about': 'about {time}',
  'language.switchTo': 'Français',
  'language.switchLabel': 'Lire ce site en français',
};
